import * as v from 'valibot';
import { orderRequestSchema, type CartInput, type OrderRequestInput } from '@esim/contracts';
import type { BasketLine } from './basket';

/** Step 2's fields, checked by the contract's own rules for them. */
export const orderInformationSchema = v.object({
  customerName: orderRequestSchema.entries.customerName,
  useCountries: orderRequestSchema.entries.useCountries,
  notes: orderRequestSchema.entries.notes,
});
export type OrderInformation = v.InferInput<typeof orderInformationSchema>;

/** Everything the wizard holds: the partner, the basket, step 2's fields, the campaign code. */
export interface OrderDraft {
  partnerId: string | null;
  lines: readonly BasketLine[];
  information: OrderInformation;
  campaignCode: string;
}

const orNull = (text: string | null | undefined) => {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** PUT cart: the draft as it is, every field optional. */
export function cartInputOf(draft: OrderDraft): CartInput {
  return {
    partnerId: draft.partnerId,
    lines: draft.lines.map((line) => ({ productId: line.productId, quantity: line.quantity })),
    customerName: orNull(draft.information.customerName),
    useCountries: draft.information.useCountries ?? [],
    notes: orNull(draft.information.notes),
    campaignCode: orNull(draft.campaignCode),
  };
}

/** cart/review and POST order: what is bought, for whom (the partner is chosen by then). */
export function orderRequestOf(draft: OrderDraft & { partnerId: string }): OrderRequestInput {
  return {
    partnerId: draft.partnerId,
    lines: draft.lines.map((line) => ({ productId: line.productId, quantity: line.quantity })),
    customerName: draft.information.customerName?.trim() ?? '',
    useCountries: draft.information.useCountries ?? [],
    notes: orNull(draft.information.notes),
    campaignCode: orNull(draft.campaignCode),
  };
}
