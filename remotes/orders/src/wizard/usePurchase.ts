import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderRequestInput } from '@esim/contracts';
import { isApiError } from '@esim/platform';
import { useTranslation } from 'react-i18next';
import { orderQuery } from '../api';
import { orderMutations } from '../mutations';
import { isDeliveryRunning, purchasePhase } from './steps';

const DELIVERY_POLL_MS = 2_000;

/**
 * The purchase of one wizard run: POST order with the cart's Idempotency-Key, then the order as
 * it is now, asked again while the supplier delivers; its phase and a denial's reason.
 */
export function usePurchase() {
  const { t } = useTranslation('common');
  const queryClient = useQueryClient();
  const purchase = useMutation(orderMutations.purchase(queryClient));
  const placed = purchase.data;
  const delivery = useQuery({
    ...orderQuery(placed?.id ?? ''),
    enabled: placed !== undefined,
    refetchInterval: (query) => {
      const status = query.state.data?.processingStatus;
      return status && isDeliveryRunning(status) ? DELIVERY_POLL_MS : false;
    },
  });
  const order = placed ? (delivery.data ?? placed) : undefined;
  const phase = purchasePhase({ isPending: purchase.isPending, isError: purchase.isError, order });
  const reason = purchase.error
    ? isApiError(purchase.error)
      ? purchase.error.message
      : t('errors.default')
    : null;

  const send = (request: OrderRequestInput, key: string, onPlaced: () => void) =>
    purchase.mutate({ request, key }, { onSuccess: onPlaced });

  return { order, placed, phase, reason, pending: purchase.isPending, send };
}
