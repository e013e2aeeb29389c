import { FONT_ORIGIN, fontFaceCss } from '../fonts';

/*
 * What the renderer adds to a page before printing it, first in its head: a Content Security
 * Policy that lets it load nothing but our fonts and inline styles and data: images (a QR code),
 * so Chromium refuses anything else before a request or a connection exists (the request handler
 * refuses whatever would still come: two locks); then the @font-face rules the text needs.
 */

export const DOCUMENT_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  `font-src ${FONT_ORIGIN}`,
  'img-src data:',
].join('; ');

export function preparePage(html: string): string {
  const head =
    `<meta http-equiv="Content-Security-Policy" content="${DOCUMENT_CSP}">` +
    `<style>${fontFaceCss(html)}</style>`;
  const opening = /<head(\s[^>]*)?>/i.exec(html);
  if (opening) return spliceAt(html, opening.index + opening[0].length, head);
  // Nothing may come before the doctype (quirks mode): the head goes right after it.
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  return spliceAt(html, doctype ? doctype[0].length : 0, head);
}

function spliceAt(text: string, index: number, insert: string): string {
  return text.slice(0, index) + insert + text.slice(index);
}
