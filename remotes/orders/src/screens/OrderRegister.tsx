import { Flex, Skeleton } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BackLink, DetailLoadFailed } from '@esim/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cartQuery, orderKeys } from '../api';
import { ORDER_LIST_PATH } from '../paths';
import { OrderWizard } from '../wizard/OrderWizard';

/** /orders/register: the purchase wizard, started from the staff member's saved cart. */
export function OrderRegisterScreen() {
  const { t } = useTranslation('orders');
  const queryClient = useQueryClient();
  const cart = useQuery(cartQuery());
  // Each wizard run is one cart (one Idempotency-Key): a new run starts a new Wizard.
  const [run, setRun] = useState(0);

  const restart = async () => {
    await queryClient.resetQueries({ queryKey: orderKeys.cart(), exact: true });
    setRun((current) => current + 1);
  };

  return (
    <Flex vertical gap="middle" data-testid="area-screen" data-screen="order-register">
      <BackLink to={ORDER_LIST_PATH} label={t('detail.back')} />
      {cart.isError ? (
        <DetailLoadFailed
          name={t('entity.cart')}
          onRetry={() => void cart.refetch()}
          backTo={ORDER_LIST_PATH}
          backLabel={t('detail.back')}
        />
      ) : cart.data ? (
        <OrderWizard key={run} cart={cart.data} onRestart={restart} />
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </Flex>
  );
}

export default OrderRegisterScreen;
