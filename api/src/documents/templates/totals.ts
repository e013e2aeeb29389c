import { fillLabel } from '../labels';
import { html, type Html } from '../html';
import type { DocumentCurrency, DocumentTotals } from '../types';
import type { TemplateContext } from './context';
import { REDUCED_RATE_MARK } from './lines';

function row(label: string, amount: string, className = ''): Html {
  return html`<tr class="${className}">
    <th>${label}</th>
    <td class="num">${amount}</td>
  </tr>`;
}

/** Net, tax total (`withTax`: when no rows per rate above say it) and gross. */
function totalRows(
  context: TemplateContext,
  totals: DocumentTotals,
  currency: DocumentCurrency,
  withTax: boolean,
): Html[] {
  const { labels } = context;
  return [
    row(labels.net, context.money(totals.net, currency)),
    withTax ? row(labels.taxTotal, context.money(totals.tax, currency)) : html``,
    row(labels.gross, context.money(totals.gross, currency), 'gross'),
  ];
}

/**
 * Per tax rate the net amount and its tax (as the caller rounded it, once per rate), then the
 * net total, the tax total (when there are several rates) and the gross; in a second currency,
 * when the document gives one, the net, the tax and the gross.
 */
export function totalsPart(context: TemplateContext): Html {
  const { data, labels, rules, taxName } = context;
  const rateRows = data.taxes.flatMap((tax) => {
    const rate = context.rate(tax.rate);
    const mark = rules.marksReducedRate && tax.reducedRate ? ` ${REDUCED_RATE_MARK}` : '';
    return [
      row(fillLabel(labels.taxableAt, { rate }) + mark, context.money(tax.taxable)),
      row(`${taxName} ${rate}${mark}`, context.money(tax.tax)),
    ];
  });
  const { converted } = data;
  return html`<table class="totals">
      ${rateRows} ${totalRows(context, data.totals, data.currency, data.taxes.length > 1)}
    </table>
    ${
      converted
        ? html`<table class="totals converted">
            <caption>
              ${fillLabel(labels.convertedAt, {
                currency: converted.currency,
                rate: `1 ${data.currency} = ${converted.rate} ${converted.currency}`,
              })}
            </caption>
            ${
              // The tax in the second currency is what the law asks for there (Thailand's VAT in
              // baht, Germany's in euros): always printed, as no rows per rate precede it.
              totalRows(context, converted.totals, converted.currency, true)
            }
          </table>`
        : ''
    }`;
}
