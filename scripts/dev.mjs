// Developer loop: rebuilds the host on change and restarts the API on change, one port.
import { spawn } from 'node:child_process';

const children = [
  spawn('pnpm', ['--filter', '@esim/host', 'run', 'watch'], { stdio: 'inherit' }),
  spawn('pnpm', ['--filter', '@esim/api', 'run', 'dev'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
