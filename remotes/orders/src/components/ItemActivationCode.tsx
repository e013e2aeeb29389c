import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RESOURCES } from '@esim/contracts';
import { usePermission } from '@esim/platform';
import { ActivationCodeReveal } from '@esim/ui';
import { useTranslation } from 'react-i18next';
import { orderMutations } from '../mutations';

/**
 * An order item's activation code: masked, revealed (with its QR code) only for someone with GET
 * on /orders/activation-code, after a confirmation; the API records the reveal.
 */
export function ItemActivationCode({
  item,
  compact,
}: {
  item: {
    id: string;
    iccid: string | null;
    activationCodeMasked: string | null;
    smdpAddress?: string | null;
  };
  compact?: boolean;
}) {
  const { t } = useTranslation('orders');
  const queryClient = useQueryClient();
  const canReveal = usePermission(RESOURCES.orderActivationCode, 'GET');
  const reveal = useMutation(orderMutations.revealCode(queryClient));
  return (
    <ActivationCodeReveal
      masked={item.activationCodeMasked}
      canReveal={canReveal}
      compact={compact}
      {...(item.iccid ? { qrFileName: `esim-${item.iccid}` } : {})}
      question={{
        description: t('reveal.confirmDescription', { iccid: item.iccid ?? '' }),
      }}
      reveal={async () => {
        const revealed = await reveal.mutateAsync(item.id);
        return { activationCode: revealed.activationCode, smdpAddress: item.smdpAddress ?? null };
      }}
    />
  );
}
