/*
 * HTML built with a tagged template that escapes every interpolated value: `html`<td>${name}</td>``
 * prints a buyer named `<b>x</b>` as text. Only `Html` values (another `html` template, or
 * `trustedHtml` for the sanitised branch template and our own CSS) are inserted as markup.
 */

export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/** What a template may interpolate: text and numbers are escaped; null, undefined and false print nothing. */
export type HtmlValue = Html | string | number | null | undefined | false | readonly HtmlValue[];

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function print(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(print).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): Html {
  let text = strings[0] ?? '';
  values.forEach((value, index) => {
    text += print(value) + (strings[index + 1] ?? '');
  });
  return new Html(text);
}

/** Markup we vouch for: the sanitised branch template, our own style sheet. Never user text. */
export function trustedHtml(text: string): Html {
  return new Html(text);
}

/** Text with its line breaks kept (an address typed on several lines). */
export function multiline(text: string | null | undefined): Html {
  if (!text) return new Html('');
  return new Html(
    text
      .split(/\r?\n/)
      .map((line) => escapeHtml(line))
      .join('<br>'),
  );
}
