/**
 * PGlite allows one process per data directory: a second writer corrupts it or, worse, writes
 * changes the first never sees and later overwrites (a CLI pin that "worked" while the server ran).
 * Whoever opens a PGlite directory (the API server, the release CLI's offline mode) first takes
 * `<dir>/esim.lock` (its pid), and gives it back when it closes or exits. A lock whose process is
 * gone is taken over.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const PGLITE_LOCK_FILE = 'esim.lock';

export interface PgliteLockHolder {
  pid: number;
  /** What holds it ('api server', 'release cli'). */
  by: string;
  hostname: string;
  /** ISO 8601. */
  since: string;
}

export class PgliteLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: PgliteLockHolder,
  ) {
    super(
      `The embedded PGlite database at ${dir} is open in another process (${holder.by}, pid ` +
        `${holder.pid}, since ${holder.since}). PGlite allows one process at a time: stop that ` +
        'process first, or use the running console (its API, the Releases screen, `pnpm release` ' +
        'without --offline).',
    );
    this.name = 'PgliteLockedError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Who holds the lock of a PGlite directory now, or null (free, or its holder is gone). */
export function pgliteLockHolder(dir: string): PgliteLockHolder | null {
  let holder: PgliteLockHolder;
  try {
    holder = JSON.parse(fs.readFileSync(path.join(dir, PGLITE_LOCK_FILE), 'utf8'));
  } catch {
    return null;
  }
  if (!Number.isInteger(holder?.pid)) return null;
  if (holder.hostname === os.hostname() && !alive(holder.pid)) return null;
  return holder;
}

/**
 * Takes the lock of a PGlite directory for this process; throws PgliteLockedError when another
 * live process holds it. Returns the release function (also run at process exit).
 */
export function acquirePgliteLock(dir: string, by: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, PGLITE_LOCK_FILE);
  const mine: PgliteLockHolder = {
    pid: process.pid,
    by,
    hostname: os.hostname(),
    since: new Date().toISOString(),
  };
  for (let attempt = 0; ; attempt += 1) {
    try {
      fs.writeFileSync(file, JSON.stringify(mine), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) {
        const holder = pgliteLockHolder(dir);
        if (holder) throw new PgliteLockedError(dir, holder);
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = pgliteLockHolder(dir);
      if (holder && holder.pid !== process.pid) throw new PgliteLockedError(dir, holder);
      // A stale lock (its process is gone): take it over.
      fs.rmSync(file, { force: true });
    }
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    try {
      const holder = JSON.parse(fs.readFileSync(file, 'utf8')) as PgliteLockHolder;
      if (holder.pid === process.pid) fs.rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
  process.on('exit', release);
  return release;
}
