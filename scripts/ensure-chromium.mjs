// Playwright drives Debian's Chromium: install it when missing and we are root on Debian.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return;
  if (process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get')) {
    console.info('Installing Debian chromium for the e2e suite ...');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
    });
    if (fs.existsSync(CHROMIUM)) return;
  }
  throw new Error(`Chromium not found at ${CHROMIUM}: install Debian's chromium or set CHROMIUM_PATH.`);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
