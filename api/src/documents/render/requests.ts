import type { Route } from 'playwright-core';
import { fontFileFor } from '../fonts';

/*
 * Every request a document page makes comes here (context.route('**\/*')): our fonts are
 * answered from node_modules, everything else is refused before it leaves Chromium. A template
 * can never fetch anything: no image, style sheet, font or page from anywhere.
 */

export type BlockedRequestListener = (url: string) => void;

export async function answerRequest(route: Route, onBlocked?: BlockedRequestListener) {
  const url = route.request().url();
  const font = fontFileFor(url);
  if (!font) {
    onBlocked?.(url);
    await route.abort('blockedbyclient');
    return;
  }
  await route.fulfill({
    status: 200,
    body: await font,
    // The document's origin is opaque (about:blank): fonts are fetched in CORS mode.
    headers: { 'content-type': 'font/woff2', 'access-control-allow-origin': '*' },
  });
}
