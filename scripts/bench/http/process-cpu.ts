import fs from 'node:fs';

/** What a process below `root` is, from its command line: Chromium's --type (browser if none). */
function processKind(pid: number, root: number, rootKind: string): string {
  if (pid === root) return rootKind;
  try {
    // Chromium rewrites its command line into one string: split at NULs and spaces.
    const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
    return args.find((arg) => arg.startsWith('--type='))?.slice('--type='.length) ?? 'browser';
  } catch {
    return 'gone';
  }
}

/**
 * CPU time (user + system, ms) of the process `root` (as `rootKind`) and every process below it,
 * from /proc (Linux), by kind: Chromium's processes by their --type. A process's children that
 * ended count with it once it has waited for them (cutime, cstime): Chromium starts a print
 * compositor for every PDF (forked by the zygote, ended after the PDF), so the zygote's line is
 * mostly the print compositors'.
 */
export function processTreeCpuMs(root: number, rootKind = 'node'): Map<string, number> {
  const parents = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command (in parentheses, may hold spaces): state ppid ... utime stime
      // cutime cstime.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
      ticks.set(
        Number(entry),
        Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]),
      );
    } catch {
      // The process ended while we looked.
    }
  }
  const inTree = (pid: number): boolean => {
    for (let at: number | undefined = pid; at; at = parents.get(at)) {
      if (at === root) return true;
    }
    return false;
  };
  const byKind = new Map<string, number>();
  for (const [pid, used] of ticks) {
    if (!inTree(pid)) continue;
    const kind = processKind(pid, root, rootKind);
    // USER_HZ is 100 on Linux: a tick is 10 ms.
    byKind.set(kind, (byKind.get(kind) ?? 0) + used * 10);
  }
  return byKind;
}
