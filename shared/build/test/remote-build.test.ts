// @vitest-environment node
// Builds one real remote (pnpm --filter @esim/remote-<area> build) and checks it writes into
// that remote's dist/<version>/ only: not the host, not another remote, not the shared packages.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const AREA = 'settings';
const VERSION = `0.0.0-isolation.${randomBytes(4).toString('hex')}`;
const OUT = path.join(ROOT, 'remotes', AREA, 'dist', VERSION);
// Everything a remote build could plausibly touch: every remote, the host's output, the build
// tooling and the kit the remotes compile from.
const WATCHED = ['remotes', 'host/dist', 'shared/build', 'shared/remote-kit'];
const SKIP = new Set(['node_modules', '.git']);

/** path -> size and mtime of every file under the watched folders (node_modules aside). */
function snapshot(): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (SKIP.has(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        const stat = fs.statSync(full);
        files.set(path.relative(ROOT, full), `${stat.size}:${stat.mtimeMs}`);
      }
    }
  };
  for (const top of WATCHED) walk(path.join(ROOT, top));
  return files;
}

afterAll(() => {
  fs.rmSync(OUT, { recursive: true, force: true });
  const dist = path.dirname(OUT);
  if (fs.existsSync(dist) && fs.readdirSync(dist).length === 0) fs.rmdirSync(dist);
});

describe('building one remote', () => {
  it(
    'writes only into remotes/<area>/dist/<version>/ and never builds the host or another remote',
    { timeout: 300_000 },
    async () => {
      const before = snapshot();
      const { stdout } = await promisify(execFile)(
        'pnpm',
        ['--filter', `@esim/remote-${AREA}`, 'build'],
        {
          cwd: ROOT,
          env: { ...process.env, REMOTE_VERSION: VERSION },
          maxBuffer: 16 * 1024 * 1024,
        },
      );
      const after = snapshot();

      const changed = [...after]
        .filter(([file, stamp]) => before.get(file) !== stamp)
        .map(([file]) => file);
      const removed = [...before.keys()].filter((file) => !after.has(file));
      const outside = changed.filter(
        (file) => !file.startsWith(path.relative(ROOT, OUT) + path.sep),
      );
      expect(outside).toEqual([]);
      expect(removed).toEqual([]);
      expect(changed.length).toBeGreaterThan(3);

      // Only this remote's build script ran.
      expect(stdout).toContain(`@esim/remote-${AREA}@`);
      expect(stdout).not.toMatch(/@esim\/(host|remote-(?!settings)[a-z]+)@/);

      const manifest = JSON.parse(fs.readFileSync(path.join(OUT, 'mf-manifest.json'), 'utf8'));
      expect(manifest.name).toBe(AREA);
      expect(manifest.metaData.buildInfo.buildVersion).toBe(VERSION);
      expect(manifest.metaData.publicPath).toBe('auto');
      expect(manifest.exposes.map((e: { path: string }) => e.path).sort()).toEqual([
        './locales',
        './routes',
      ]);
      expect(fs.existsSync(path.join(OUT, manifest.metaData.remoteEntry.name))).toBe(true);
      // The routes, as data beside mf-manifest.json (what the host builds its menu from).
      const routes = JSON.parse(fs.readFileSync(path.join(OUT, 'route-manifest.json'), 'utf8'));
      expect(routes).toMatchObject({ schema: 1, remote: AREA, version: VERSION });
      expect(routes.routes.map((route: { path: string }) => route.path)).toEqual([
        '/settings',
        '/settings/releases',
        '/settings/notifications',
      ]);
      // The build's version marker is compiled in (DefinePlugin), in a content-hashed chunk.
      const chunks = fs.readdirSync(OUT).filter((file) => /\.[0-9a-f]{12}\.js$/.test(file));
      expect(
        chunks.some((file) => fs.readFileSync(path.join(OUT, file), 'utf8').includes(VERSION)),
      ).toBe(true);
    },
  );
});
