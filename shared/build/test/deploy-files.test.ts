// @vitest-environment node
// docker/ cannot run here (no daemon): these checks keep its files valid and consistent with
// the workspace, so the images build the commands CI runs. nginx.conf runs in a real nginx in
// docker/test/nginx.test.ts; compose's environment against the API's settings: compose-env.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DOCKER = path.join(ROOT, 'docker');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const rootPackage = JSON.parse(read('package.json'));

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string; target?: string };
  environment?: Record<string, string>;
  ports?: string[];
  profiles?: string[];
  depends_on?: Record<string, unknown>;
}
const compose = parse(read('docker/compose.yaml'), { merge: true }) as {
  services: Record<string, Service>;
};
const services = compose.services;

describe('docker/compose.yaml', () => {
  it('has PostgreSQL 16, object storage, two API replicas, a worker and the reverse proxy', () => {
    expect(services.postgres?.image).toBe('postgres:16');
    expect(services.minio?.image).toMatch(/^minio\/minio/);
    for (const name of ['api-1', 'api-2', 'worker']) {
      expect(services[name]?.build).toMatchObject({
        dockerfile: 'docker/Dockerfile.api',
        target: 'runtime',
      });
      expect(services[name]?.environment?.DATABASE_URL).toMatch(/@postgres:5432\//);
      expect(services[name]?.environment?.S3_ENDPOINT).toBe('http://minio:9000');
      expect(services[name]?.depends_on).toHaveProperty('postgres');
    }
    expect(services.worker?.environment?.WORKER).toBe('true');
    expect(services['api-1']?.environment?.WORKER).toBeUndefined();
    expect(services.proxy?.build?.dockerfile).toBe('docker/Dockerfile.static');
    expect(services.proxy?.ports?.[0]).toMatch(/:8080$/);
    expect(services.release?.profiles).toEqual(['tools']);
  });

  it('builds from the repository root with Dockerfiles that exist', () => {
    for (const [name, service] of Object.entries(services)) {
      if (!service.build) continue;
      expect(path.resolve(DOCKER, service.build.context), name).toBe(ROOT);
      expect(fs.existsSync(path.join(ROOT, service.build.dockerfile)), name).toBe(true);
    }
  });
});

describe('the Dockerfiles', () => {
  const api = read('docker/Dockerfile.api');
  const staticImage = read('docker/Dockerfile.static');

  it('install the pinned pnpm with a frozen lockfile on node:20-slim', () => {
    const pnpmVersion = rootPackage.packageManager.split('@')[1];
    for (const file of [api, staticImage]) {
      expect(file).toContain('ARG NODE_IMAGE=node:20-slim');
      expect(file).toContain(`ARG PNPM_VERSION=${pnpmVersion}`);
      expect(file).toContain('pnpm install --frozen-lockfile');
    }
  });

  it('run the API bundle and only use scripts and packages the workspace has', () => {
    expect(api).toContain('CMD ["node", "api/dist/server.mjs"]');
    expect(api).toMatch(/FROM \$\{NODE_IMAGE\} AS runtime/);
    expect(rootPackage.scripts).toHaveProperty(['build:remotes']);
    expect(rootPackage.scripts).toHaveProperty(['release']);
    for (const [, name] of `${api}\n${staticImage}`.matchAll(/--filter (@esim\/[\w-]+)/g)) {
      const dir = { '@esim/api': 'api', '@esim/host': 'host' }[name!];
      expect(dir, name).toBeDefined();
      expect(JSON.parse(read(`${dir}/package.json`)).name).toBe(name);
    }
    for (const [, source] of staticImage.matchAll(/^COPY (docker\/\S+)/gm)) {
      expect(fs.existsSync(path.join(ROOT, source!)), source).toBe(true);
    }
  });

  it("give the API Debian's Chromium and its fonts for documents (docs/documents.md)", () => {
    const runtime = api.slice(api.indexOf('AS runtime'));
    expect(runtime).toMatch(/apt-get install -y --no-install-recommends chromium\b/);
    // `pnpm deploy --prod` copies production dependencies only: the renderer's must be among them.
    const { dependencies } = JSON.parse(read('api/package.json')) as {
      dependencies: Record<string, string>;
    };
    for (const name of [
      'playwright-core',
      '@fontsource/noto-sans-jp',
      '@fontsource/noto-sans-thai',
    ]) {
      expect(dependencies, name).toHaveProperty([name]);
    }
  });
});

describe('docker/Dockerfile.remote (one area, built, tested and published on its own)', () => {
  const remote = read('docker/Dockerfile.remote');
  const areas = fs
    .readdirSync(path.join(ROOT, 'remotes'))
    .filter((name) => fs.existsSync(path.join(ROOT, 'remotes', name, 'package.json')));

  it('takes the area and its version as build arguments, on the pinned pnpm and node:20-slim', () => {
    const pnpmVersion = rootPackage.packageManager.split('@')[1];
    expect(remote).toContain('ARG NODE_IMAGE=node:20-slim');
    expect(remote).toContain(`ARG PNPM_VERSION=${pnpmVersion}`);
    expect(remote).toMatch(/^ARG REMOTE$/m);
    expect(remote).toMatch(/^ARG REMOTE_VERSION=$/m);
    expect(remote).toContain('pnpm install --frozen-lockfile');
    expect(fs.existsSync(path.join(DOCKER, 'Dockerfile.remote.dockerignore'))).toBe(true);
  });

  it("runs that remote's tests, then builds it alone with REMOTE_VERSION", () => {
    const test = remote.indexOf('pnpm --filter "@esim/remote-${REMOTE}" test');
    const build = remote.indexOf(
      'REMOTE_VERSION="${REMOTE_VERSION}" pnpm --filter "@esim/remote-${REMOTE}" build',
    );
    expect(test).toBeGreaterThan(0);
    expect(build).toBeGreaterThan(test);
    for (const area of areas) {
      const pkg = JSON.parse(read(`remotes/${area}/package.json`)) as {
        name: string;
        scripts: Record<string, string>;
      };
      expect(pkg.name, area).toBe(`@esim/remote-${area}`);
      expect(pkg.scripts.build, area).toBeDefined();
      // Its own unit tests only (the unit project, files under remotes/<area>/).
      expect(pkg.scripts.test, area).toBe(
        `vitest run --project unit --root ../.. remotes/${area}/`,
      );
      expect(
        fs.existsSync(path.join(ROOT, 'remotes', area, 'test', 'manifest.test.ts')),
        area,
      ).toBe(true);
    }
  });

  it('publishes the build through the running console as a release manager (no database access)', () => {
    const entry = /^ENTRYPOINT (.+)$/m.exec(remote)?.[1] ?? '';
    expect(JSON.parse(entry)).toEqual([
      'sh',
      '-c',
      'exec node scripts/release/cli.mjs publish "$REMOTE" "$@"',
      'publish',
    ]);
    expect(fs.existsSync(path.join(ROOT, 'scripts', 'release', 'cli.mjs'))).toBe(true);
    expect(remote).toMatch(/ENV REMOTE=\$\{REMOTE\} \\\n\s+REMOTE_VERSION=\$\{REMOTE_VERSION\}/);
    expect(remote).not.toMatch(/DATABASE_URL/);
    expect(remote).toContain('ESIM_CONSOLE_URL');
    expect(remote).toContain('RELEASE_TOKEN');
  });
});
