import { html, trustedHtml } from '../html';
import type { DocumentData } from '../types';
import { assertDocumentData } from '../validate';
import { branchTemplatePart } from './branch-template';
import { documentTitle, templateContext } from './context';
import { headerPart } from './header';
import { linesPart } from './lines';
import { originalPart, partiesPart } from './parties';
import { documentStyle } from './style';
import { totalsPart } from './totals';

/**
 * A document as one HTML page: a pure function of its data (no clock, no I/O but the font
 * rules the renderer adds). Every value is escaped; only the sanitised branch template is
 * inserted as markup. Throws DocumentDataError when the data cannot make a valid document.
 */
export function renderDocumentHtml(data: DocumentData): string {
  assertDocumentData(data);
  const context = templateContext(data);
  const received =
    data.type === 'receipt' ? html`<p class="note">${context.labels.received}</p>` : '';
  return html`<!doctype html>
    <html lang="${data.language}">
      <head>
        <meta charset="utf-8" />
        <title>${documentTitle(context)} ${data.number}</title>
        <style>
          ${trustedHtml(documentStyle(data.language))}
        </style>
      </head>
      <body>
        ${headerPart(context)} ${partiesPart(context)} ${originalPart(context)}
        ${linesPart(context)} ${totalsPart(context)} ${received} ${branchTemplatePart(context)}
      </body>
    </html>`.text;
}
