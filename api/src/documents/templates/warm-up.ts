import { REPORT_LANGUAGES } from '@esim/contracts';
import { html } from '../html';
import { DOCUMENT_LABELS } from '../labels';
import { fontStack } from './style';

/*
 * A page with every label of every language, in regular and bold, in each language's fonts:
 * printed once on each page of the renderer when it warms up, it loads the font subsets every
 * document uses, so the first preview loads only those of its names and items.
 */

const SHARED_TEXT = '0123456789 ,.-/:%()※ ￥¥฿€ JPY THB EUR 年月日 ใบกำกับภาษี Tax Invoice';

export function warmUpHtml(): string {
  const sections = REPORT_LANGUAGES.map((language) => {
    const text = `${Object.values(DOCUMENT_LABELS[language]).join(' ')} ${SHARED_TEXT}`;
    return html`<section lang="${language}" style="font-family: ${fontStack(language)}">
      <p>${text}</p>
      <p><b>${text}</b></p>
    </section>`;
  });
  return html`<!doctype html>
    <html>
      <head>
        <meta charset="utf-8" />
      </head>
      <body>
        ${sections}
      </body>
    </html>`.text;
}
