import { taxForRate, type OrderTax } from '@esim/contracts';

/*
 * The amounts of an order (docs/orders.md "Amounts"), pure and in whole JPY:
 *   line_total = unit_price x quantity; sub_total = sum(line_total)
 *   taxes      = per rate: taxable = sum(line_total - line discount), tax = floor(taxable x rate)
 *   total      = sub_total - discount + tax_total = final_price
 *   purchase_price = sum(unit_cost x quantity)
 * Tax is rounded once per rate per order (taxForRate), never per line.
 */

export interface AmountLine {
  quantity: number;
  unitPrice: number;
  unitCost: number;
  taxRate: number;
  /** The campaign's discount on this line (at most its total). */
  discount: number;
}

export interface OrderAmounts {
  lineTotals: number[];
  subTotal: number;
  discount: number;
  taxes: OrderTax[];
  taxTotal: number;
  totalAmount: number;
  finalPrice: number;
  purchasePrice: number;
}

export function orderAmounts(lines: readonly AmountLine[], taxName: string): OrderAmounts {
  const lineTotals = lines.map((line) => line.unitPrice * line.quantity);
  const taxable = new Map<number, number>();
  let subTotal = 0;
  let discount = 0;
  let purchasePrice = 0;
  lines.forEach((line, index) => {
    const total = lineTotals[index] ?? 0;
    const lineDiscount = Math.min(line.discount, total);
    subTotal += total;
    discount += lineDiscount;
    purchasePrice += line.unitCost * line.quantity;
    taxable.set(line.taxRate, (taxable.get(line.taxRate) ?? 0) + total - lineDiscount);
  });
  const taxes: OrderTax[] = [...taxable.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, amount]) => ({
      name: taxName,
      rate,
      taxable: amount,
      tax: taxForRate(amount, rate),
    }));
  const taxTotal = taxes.reduce((sum, tax) => sum + tax.tax, 0);
  const totalAmount = subTotal - discount + taxTotal;
  return {
    lineTotals,
    subTotal,
    discount,
    taxes,
    taxTotal,
    totalAmount,
    finalPrice: totalAmount,
    purchasePrice,
  };
}
