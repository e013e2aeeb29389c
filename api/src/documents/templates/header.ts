import { html, type Html } from '../html';
import { documentTitle, type TemplateContext } from './context';

/** Title, the legal designation under it, and the number and dates on the right. */
export function headerPart(context: TemplateContext): Html {
  const { data, labels, rules } = context;
  const title = documentTitle(context);
  const designation = rules.designation(data.type);
  const supplyDate =
    data.deliveryDate ??
    (rules.supplyDateRequired && data.type !== 'credit_note' ? data.issueDate : null);
  const rows: Array<[string, string]> = [
    [labels.documentNumber, data.number],
    [labels.issueDate, context.date(data.issueDate)],
  ];
  if (supplyDate) {
    const label = data.type === 'credit_note' ? labels.returnDate : labels.deliveryDate;
    rows.push([label, context.date(supplyDate)]);
  }
  if (data.paymentDate) rows.push([labels.paymentDate, context.date(data.paymentDate)]);
  if (data.orderReference) rows.push([labels.orderReference, data.orderReference]);
  return html`<header>
    <div>
      <h1>${title}</h1>
      ${designation && designation !== title ? html`<p class="designation">${designation}</p>` : ''}
    </div>
    <table class="meta">
      ${rows.map(
        ([label, value]) =>
          html`<tr>
            <th>${label}</th>
            <td>${value}</td>
          </tr>`,
      )}
    </table>
  </header>`;
}
