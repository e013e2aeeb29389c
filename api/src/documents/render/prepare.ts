import { FONT_ORIGIN } from '../fonts';

/*
 * The page a document is printed on (docs/documents.md "Rendering"). Each page of the pool loads
 * DOCUMENT_SHELL once: a Content Security Policy first in its head, so Chromium refuses anything
 * but our fonts, inline styles and data: images (a QR code) before a request or a connection
 * exists (the request handler refuses whatever would still come: two locks), and a rule that
 * hides the page from the screen: Chromium then lays out and paints a document only for print,
 * not also for a screen nobody looks at.
 *
 * A render does not load a new page: showDocumentScript() puts the document into the shell
 * (its <html> attributes, title, <style> elements and body), adds the @font-face rules of faces
 * the page has not had yet, loads them, and waits for the fonts. The style sheets of the shell and
 * the fonts the page already loaded stay: a warm page parses and loads only what is new.
 */

export const DOCUMENT_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  `font-src ${FONT_ORIGIN}`,
  'img-src data:',
].join('; ');

/** Print media shows the document; on screen it is never laid out nor painted. */
export const SCREEN_HIDDEN_CSS = '@media screen { html { display: none } }';

export const DOCUMENT_SHELL =
  '<!doctype html><html><head>' +
  `<meta http-equiv="Content-Security-Policy" content="${DOCUMENT_CSP}">` +
  `<style>${SCREEN_HIDDEN_CSS}</style>` +
  '</head><body></body></html>';

/**
 * Runs in the page (plain JavaScript, given to page.evaluate as source so no compiler's helpers
 * end up in it; the page's own scripts are off, DevTools' evaluation is not). The document is
 * parsed by DOMParser, which loads and runs nothing; only its <style> elements of the head are
 * taken (a <meta>, <base> or <link> there is dropped: the shell's policy is the page's only one),
 * and its body replaces the last one. Fonts: with the page hidden from the screen no layout asks
 * for them, so every face not loaded yet is loaded here (a face that fails prints as a missing
 * font would); then document.fonts.ready.
 */
const SHOW_DOCUMENT = `async ({ html, fontCss }) => {
  const page = document;
  if (fontCss) {
    const fonts = page.createElement('style');
    fonts.textContent = fontCss;
    page.head.append(fonts);
  }
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  for (const part of page.querySelectorAll('[data-document-part]')) part.remove();
  const root = page.documentElement;
  for (const attribute of [...root.attributes]) root.removeAttribute(attribute.name);
  for (const attribute of parsed.documentElement.attributes) {
    root.setAttribute(attribute.name, attribute.value);
  }
  page.title = parsed.title;
  for (const style of parsed.head.querySelectorAll('style')) {
    const copy = page.importNode(style, true);
    copy.setAttribute('data-document-part', '');
    page.head.append(copy);
  }
  root.replaceChild(page.adoptNode(parsed.body), page.body);
  const loading = [];
  for (const face of page.fonts) {
    if (face.status === 'unloaded') loading.push(face.load().catch(() => null));
  }
  await Promise.all(loading);
  await page.fonts.ready;
}`;

/** The expression page.evaluate runs to show `html` with these new @font-face rules. */
export function showDocumentScript(html: string, fontCss: string): string {
  return `(${SHOW_DOCUMENT})(${JSON.stringify({ html, fontCss })})`;
}
