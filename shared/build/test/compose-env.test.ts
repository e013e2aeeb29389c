// @vitest-environment node
/**
 * docker/compose.yaml's settings, against docker/.env.example (what the operator copies) and the
 * programs that receive them: every variable compose interpolates is in .env.example (required
 * ones set to a placeholder, optional ones commented with their default), and every variable it
 * passes to a container of docker/Dockerfile.api is one that container's program reads. What the
 * API reads is taken from the API itself: the config module's reads recorded while it loads the
 * container's environment, and the `env.NAME` reads of its other sources.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../../api/src/config';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const composeText = read('docker/compose.yaml');

/** `${NAME:?message}` (required) or `${NAME:-default}` (optional); `$$` is a literal `$`. */
const INTERPOLATION = /(?<!\$)\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g;

interface Interpolation {
  name: string;
  required: boolean;
  fallback: string;
}

const interpolations: Interpolation[] = [...composeText.matchAll(INTERPOLATION)].map(
  ([, name, operator, rest]) => ({
    name: name!,
    required: !operator?.endsWith('-'),
    fallback: operator?.endsWith('-') ? (rest ?? '') : '',
  }),
);

/** .env.example: `NAME=value` (set) and `# NAME=value` (commented: the default). */
const envExample = new Map<string, { commented: boolean; value: string }>();
for (const line of read('docker/.env.example').split('\n')) {
  const match = /^(#\s*)?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
  if (!match) continue;
  const raw = match[3]!.trim();
  const value = /^(["']).*\1$/.test(raw) ? raw.slice(1, -1) : raw;
  envExample.set(match[2]!, { commented: Boolean(match[1]), value });
}

/** Compose's interpolation with the .env.example values: what a container receives. */
function interpolate(value: string): string {
  return value
    .replace(INTERPOLATION, (_, name: string, operator: string | undefined, rest = '') => {
      const entry = envExample.get(name);
      const set = entry && !entry.commented ? entry.value : undefined;
      if (operator?.endsWith('-')) return set || rest;
      if (set === undefined) throw new Error(`${name} is required but not set in .env.example`);
      return set;
    })
    .replaceAll('$$', '$');
}

interface Service {
  build?: { dockerfile: string; target?: string };
  environment?: Record<string, string>;
}
const services = (parse(composeText, { merge: true }) as { services: Record<string, Service> })
  .services;
const apiImageServices = Object.entries(services).filter(
  ([, service]) => service.build?.dockerfile === 'docker/Dockerfile.api',
);

function containerEnv(service: Service): Record<string, string> {
  return Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([name, value]) => [
      name,
      interpolate(String(value)),
    ]),
  );
}

/** The variables loadConfig reads while it loads `env`. */
function configReads(env: Record<string, string>): Set<string> {
  const names = new Set<string>();
  const recording = new Proxy(env, {
    get: (target, name) => {
      if (typeof name === 'string') names.add(name);
      return target[name as string];
    },
    has: (target, name) => {
      if (typeof name === 'string') names.add(name);
      return name in target;
    },
  });
  loadConfig(recording, { requireSecretKey: false });
  return names;
}

/** `env.NAME`, `process.env.NAME` and `env['NAME']` reads in the source files under `dirs`. */
function sourceReads(dirs: string[], skip: string[]): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.[cm]?[jt]s$/.test(entry.name) && !skip.includes(path.relative(ROOT, file))) {
        const source = fs.readFileSync(file, 'utf8');
        for (const [, name] of source.matchAll(/\benv(?:\.|\[['"])([A-Z][A-Z0-9_]*)/g)) {
          names.add(name!);
        }
      }
    }
  };
  for (const dir of dirs) walk(path.join(ROOT, dir));
  return names;
}

/**
 * The program each target of docker/Dockerfile.api runs: its sources besides the config module,
 * whose reads are recorded instead (api/src/config.ts).
 */
const PROGRAM_SOURCES: Record<string, string[]> = {
  runtime: ['api/src'],
  release: ['scripts/release', 'api/src'],
};

describe('docker/.env.example', () => {
  it('sets every variable compose requires and shows the default of every optional one', () => {
    const names = [...new Set(interpolations.map((item) => item.name))];
    for (const name of names) {
      const uses = interpolations.filter((item) => item.name === name);
      expect(new Set(uses.map((item) => item.required)).size, `${name}: required or not`).toBe(1);
      expect(new Set(uses.map((item) => item.fallback)).size, `${name}: one default`).toBe(1);
      const entry = envExample.get(name);
      expect(entry, `${name} is not in docker/.env.example`).toBeDefined();
      if (uses[0]!.required) {
        expect(entry, name).toMatchObject({ commented: false, value: expect.stringMatching(/./) });
      } else {
        expect(entry, name).toEqual({ commented: true, value: uses[0]!.fallback });
      }
    }
  });

  it('has only settings compose uses', () => {
    const used = new Set(interpolations.map((item) => item.name));
    expect([...envExample.keys()].filter((name) => !used.has(name))).toEqual([]);
  });
});

describe('the environment compose gives the docker/Dockerfile.api containers', () => {
  it('holds only variables their program reads', () => {
    expect(apiImageServices.map(([name]) => name)).toEqual(
      expect.arrayContaining(['api-1', 'api-2', 'worker', 'release']),
    );
    for (const [name, service] of apiImageServices) {
      const sources = PROGRAM_SOURCES[service.build?.target ?? ''];
      expect(sources, `${name}: target ${service.build?.target}`).toBeDefined();
      const env = containerEnv(service);
      const reads = new Set([...configReads(env), ...sourceReads(sources!, ['api/src/config.ts'])]);
      const ignored = Object.keys(env).filter((variable) => !reads.has(variable));
      expect(ignored, `${name} passes variables nothing reads`).toEqual([]);
    }
  });

  it('is accepted by the API, and an empty optional setting means its default', () => {
    for (const [name, service] of apiImageServices) {
      if (service.build?.target !== 'runtime') continue;
      const env: Record<string, string> = {
        ...containerEnv(service),
        SECRET_KEY: randomBytes(32).toString('hex'),
      };
      const config = loadConfig(env);
      for (const [variable, value] of Object.entries(env)) {
        if (value !== '') continue;
        const { [variable]: _unset, ...without } = env;
        expect(config, `${name}: ${variable}=""`).toEqual(loadConfig(without));
      }
    }
  });
});

describe('remote releases in compose', () => {
  const nginx = read('docker/nginx.conf');
  const servedBucket =
    /location \^~ \/remotes\/ \{[\s\S]*?proxy_pass http:\/\/esim_store\/([^/;]+)\//.exec(
      nginx,
    )?.[1];
  const proxyPort = /listen (\d+);/.exec(nginx)?.[1];

  it('the API writes published versions to the bucket the proxy serves and checks pins through the proxy', () => {
    expect(servedBucket).toBeTruthy();
    const initCommand = JSON.stringify(services['minio-init']);
    expect(initCommand).toContain(`local/${servedBucket}`);
    for (const [name, service] of apiImageServices) {
      if (service.build?.target !== 'runtime') continue;
      const config = loadConfig({
        ...containerEnv(service),
        SECRET_KEY: randomBytes(32).toString('hex'),
      });
      expect(config.remoteStoreBucket, name).toBe(servedBucket);
      // PUBLIC_URL is the browsers' address; the API reaches the proxy by its service name.
      const check = new URL(config.releaseCheckStoreUrl ?? '');
      expect(Object.keys(services), name).toContain(check.hostname);
      expect(check.port, name).toBe(proxyPort);
    }
  });

  it('the release tool talks to the running console through the proxy', () => {
    const env = containerEnv(services.release!);
    const url = new URL(env.ESIM_CONSOLE_URL ?? '');
    expect(Object.keys(services)).toContain(url.hostname);
    expect(url.port).toBe(proxyPort);
    expect(env).toHaveProperty('RELEASE_TOKEN');
  });
});
