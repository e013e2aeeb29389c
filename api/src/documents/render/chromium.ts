import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/*
 * Debian's Chromium, found where the e2e suite and scripts/ensure-chromium.mjs find it
 * (CHROMIUM_PATH, else /usr/bin/chromium), started headless with the flags this workplace's
 * closed network needs (no background networking, component updates, sync or QUIC).
 */

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Containers give /dev/shm 64 MB; Chromium's renderers crash when it is full.
  '--disable-dev-shm-usage',
];

export async function launchChromium(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!fs.existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}: install Debian's chromium (node scripts/ensure-chromium.mjs) or set CHROMIUM_PATH.`,
    );
  }
  return chromium.launch({
    executablePath,
    args: CHROMIUM_ARGS,
    headless: true,
  });
}
