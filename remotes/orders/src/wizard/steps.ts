import type { OrderDetail, ProcessingStatus } from '@esim/contracts';
import { linesOverStock, type BasketLine } from './basket';

/** Why the first step cannot go on yet: the warning shown when the user presses Next. */
export type BundleStepProblem = 'noPartner' | 'cartEmpty' | 'overStock';

export function bundleStepProblem(
  partnerId: string | null,
  lines: readonly BasketLine[],
): BundleStepProblem | null {
  if (!partnerId) return 'noPartner';
  if (lines.length === 0) return 'cartEmpty';
  if (linesOverStock(lines).length > 0) return 'overStock';
  return null;
}

/** The supplier is still delivering: the wizard asks order/detail again until it is over. */
export function isDeliveryRunning(status: ProcessingStatus): boolean {
  return status === 'pending' || status === 'processing';
}

/**
 * Where the purchase stands: not sent yet, on its way, placed while the supplier delivers,
 * success, failed delivery (the order exists; staff retry it), or denied with the API's reason.
 */
export type PurchasePhase = 'idle' | 'pending' | 'processing' | 'success' | 'failed' | 'denied';

export function purchasePhase(purchase: {
  isPending: boolean;
  isError: boolean;
  order: OrderDetail | undefined;
}): PurchasePhase {
  if (purchase.isPending) return 'pending';
  if (purchase.isError) return 'denied';
  const order = purchase.order;
  if (!order) return 'idle';
  if (isDeliveryRunning(order.processingStatus)) return 'processing';
  return order.processingStatus === 'success' ? 'success' : 'failed';
}

/** How the purchase step behaves in each phase: its state, Next and Back. */
export function purchaseStepRules(phase: PurchasePhase): {
  error: boolean;
  canProceed: boolean;
  canGoBack: boolean;
} {
  return {
    error: phase === 'denied' || phase === 'failed',
    // Next shows the order once it is placed and its delivery is over (spec: success -> Next).
    canProceed: phase === 'success' || phase === 'failed',
    // Only a denied purchase left nothing behind: the user may go back and change the cart.
    canGoBack: phase === 'denied',
  };
}
