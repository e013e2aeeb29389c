// The proxy test (docker/test/nginx.test.ts) runs Debian's nginx-light: install it when missing
// and we are root on Debian; otherwise say how to get it (the test never skips).
import { execSync } from 'node:child_process';
import fs from 'node:fs';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export function ensureNginx() {
  if (fs.existsSync(NGINX)) return;
  if (process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get')) {
    console.info('Installing nginx-light for the proxy test ...');
    execSync(
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light',
      { stdio: 'inherit' },
    );
    if (fs.existsSync(NGINX)) return;
  }
  throw new Error(
    `nginx not found at ${NGINX}: install Debian's nginx-light (apt-get install nginx-light) or set NGINX_PATH.`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) ensureNginx();
