// Playwright drives Debian's Chromium: install it when missing and we are root on Debian.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Without these, Japanese and Thai render as empty boxes in the screenshots reviewers look at.
const FONT_PACKAGES = ['fonts-noto-cjk', 'fonts-thai-tlwg'];
const FONT_MARKERS = ['/usr/share/fonts/opentype/noto', '/usr/share/fonts/truetype/tlwg'];

export function ensureChromium() {
  const missing = [
    ...(fs.existsSync(CHROMIUM) ? [] : ['chromium']),
    ...FONT_PACKAGES.filter((_, i) => !fs.existsSync(FONT_MARKERS[i])),
  ];
  if (missing.length === 0) return;
  if (missing[0] !== 'chromium') {
    if (canInstall()) install(missing);
    return;
  }
  if (canInstall()) {
    install(missing);
    if (fs.existsSync(CHROMIUM)) return;
  }
  throw new Error(
    `Chromium not found at ${CHROMIUM}: install Debian's chromium or set CHROMIUM_PATH.`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();

function canInstall() {
  return process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');
}

function install(packages) {
  console.info(`Installing ${packages.join(', ')} for the e2e suite ...`);
  execSync(
    `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages.join(' ')}`,
    { stdio: 'inherit' },
  );
}
