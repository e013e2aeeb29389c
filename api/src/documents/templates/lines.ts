import { html, type Html } from '../html';
import type { TemplateContext } from './context';

/** The reduced-rate mark of Japan's qualified invoice. */
export const REDUCED_RATE_MARK = '※';

/** The items: description, quantity, net unit price, tax rate, net amount. */
export function linesPart(context: TemplateContext): Html {
  const { data, labels, rules } = context;
  const marked = (reduced: boolean | undefined) => rules.marksReducedRate && reduced === true;
  return html`<table class="lines">
      <thead>
        <tr>
          <th>${labels.description}</th>
          <th class="num">${labels.quantity}</th>
          <th class="num">${labels.unitPrice}</th>
          <th class="num">${labels.taxRate}</th>
          <th class="num">${labels.amount}</th>
        </tr>
      </thead>
      <tbody>
        ${data.lines.map(
          (line) =>
            html`<tr>
              <td>${line.description}${marked(line.reducedRate) ? ` ${REDUCED_RATE_MARK}` : ''}</td>
              <td class="num">${context.quantity(line.quantity)}</td>
              <td class="num">${context.money(line.unitPrice)}</td>
              <td class="num">${context.rate(line.taxRate)}</td>
              <td class="num">${context.money(line.amount)}</td>
            </tr>`,
        )}
      </tbody>
    </table>
    ${
      rules.marksReducedRate && data.lines.some((line) => line.reducedRate)
        ? html`<p class="note">${labels.reducedRateNote}</p>`
        : ''
    }`;
}
