import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { ADMIN_EMAIL, E2E_BASE_URL, REMOTE_STORE_DIR, REPO_ROOT } from './env';
import { mailCount, waitForOtp } from './mailbox';

/*
 * Helpers of the release tests: the real release CLI (`pnpm release ...`) against the running
 * e2e console (its API, with the administrator's release token), remote builds, and a look into
 * the Module Federation runtime of the page.
 */

const run = promisify(execFile);

/** Calls the console's Cognito-compatible sign-in endpoint (/identity), as the sign-in screen does. */
async function identityCall(operation: string, body: object): Promise<Record<string, unknown>> {
  const response = await fetch(`${E2E_BASE_URL}/identity`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${operation}: ${JSON.stringify(json)}`);
  return json;
}

let releaseToken: Promise<string> | undefined;

/**
 * The administrator's release token (POST release/token), made once per worker after signing in
 * with the one-time code from the mailbox: the CLI acts as that release manager, as in production.
 */
export function adminReleaseToken(): Promise<string> {
  releaseToken ??= (async () => {
    const config = (await (await fetch(`${E2E_BASE_URL}/config.json`)).json()) as {
      identity: { userPoolClientId: string };
    };
    const clientId = config.identity.userPoolClientId;
    const index = mailCount(ADMIN_EMAIL);
    const started = await identityCall('InitiateAuth', {
      AuthFlow: 'CUSTOM_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: ADMIN_EMAIL },
    });
    const answer = await identityCall('RespondToAuthChallenge', {
      ChallengeName: 'CUSTOM_CHALLENGE',
      ClientId: clientId,
      Session: started.Session,
      ChallengeResponses: { USERNAME: ADMIN_EMAIL, ANSWER: await waitForOtp(ADMIN_EMAIL, index) },
    });
    const idToken = (answer.AuthenticationResult as { IdToken: string }).IdToken;
    const created = await fetch(`${E2E_BASE_URL}/api/mng/release/token`, {
      method: 'POST',
      headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'e2e release CLI', expiresInDays: 1 }),
    });
    if (created.status !== 201) throw new Error(`release token: ${await created.text()}`);
    return ((await created.json()) as { data: { token: string } }).data.token;
  })();
  return releaseToken;
}

/** Runs `pnpm release <args>` against the running console as a release manager; returns its output. */
export async function releaseCli(...args: string[]): Promise<string> {
  try {
    const { stdout } = await run('pnpm', ['--silent', 'release', ...args], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        ESIM_CONSOLE_URL: E2E_BASE_URL,
        RELEASE_TOKEN: await adminReleaseToken(),
      },
      timeout: 120_000,
    });
    return stdout;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`pnpm release ${args.join(' ')} failed:\n${stdout}${stderr}`, {
      cause: error,
    });
  }
}

export interface PublishedRelease {
  remote: string;
  pinned: { version: string } | null;
  versions: { version: string; pinned: boolean }[];
}

/** `pnpm release list <remote> --json` (the console's list), with the pinned version as `pinned`. */
export async function listReleases(remote: string): Promise<PublishedRelease | undefined> {
  const releases = JSON.parse(await releaseCli('list', remote, '--json')) as {
    remote: string;
    pinnedVersion: string | null;
    versions: { version: string; pinned: boolean }[];
  }[];
  const entry = releases.find((item) => item.remote === remote);
  return (
    entry && {
      remote: entry.remote,
      pinned: entry.pinnedVersion ? { version: entry.pinnedVersion } : null,
      versions: entry.versions,
    }
  );
}

export const remoteDistDir = (remote: string, version: string) =>
  path.join(REPO_ROOT, 'remotes', remote, 'dist', version);

export const storeVersionDir = (remote: string, version: string) =>
  path.join(REMOTE_STORE_DIR, remote, version);

/**
 * Builds one remote alone as `version` (REMOTE_VERSION): remotes/<remote>/dist/<version>/.
 * `env` adds build switches, e.g. REMOTE_E2E_EXTRA_ROUTE=1 (a route only e2e builds declare).
 */
export async function buildRemoteVersion(
  remote: string,
  version: string,
  env: Record<string, string> = {},
): Promise<string> {
  await run('pnpm', ['--silent', '--filter', `@esim/remote-${remote}`, 'build'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, REMOTE_VERSION: version },
    timeout: 300_000,
  });
  return remoteDistDir(remote, version);
}

interface Manifest {
  name: string;
  metaData: { buildInfo: { buildVersion: string } };
  exposes: { path: string; assets: { js: { sync: string[] } } }[];
}

function readManifest(dir: string): Manifest {
  return JSON.parse(fs.readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8')) as Manifest;
}

/**
 * Publishes a copy of an existing build as another version (nothing is rebuilt), e.g. to break
 * it in the store afterwards. The temporary copy under remotes/<remote>/dist/ is removed again.
 */
export async function publishCopy(remote: string, from: string, version: string): Promise<string> {
  const copy = remoteDistDir(remote, version);
  fs.rmSync(copy, { recursive: true, force: true });
  fs.cpSync(remoteDistDir(remote, from), copy, { recursive: true });
  try {
    const manifestFile = path.join(copy, 'mf-manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
    manifest.metaData.buildInfo.buildVersion = version;
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));
    const routesFile = path.join(copy, 'route-manifest.json');
    const routes = JSON.parse(fs.readFileSync(routesFile, 'utf8')) as { version: string };
    routes.version = version;
    fs.writeFileSync(routesFile, JSON.stringify(routes));
    // The build's precompressed copies are of the old files: publishing writes new ones.
    for (const file of [manifestFile, routesFile])
      for (const suffix of ['.br', '.gz']) fs.rmSync(file + suffix, { force: true });
    await releaseCli('publish', remote, version);
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
  return storeVersionDir(remote, version);
}

/** The chunk a remote's expose ('./routes') loads first, in a published version. */
export function exposeChunk(versionDir: string, expose: string): string {
  const entry = readManifest(versionDir).exposes.find((item) => item.path === expose);
  const chunk = entry?.assets.js.sync[0];
  if (!chunk) throw new Error(`No chunk for ${expose} in ${versionDir}`);
  return path.join(versionDir, chunk);
}

export interface SharedInstance {
  version: string;
  from: string;
  loaded: boolean;
  useIn: string[];
}

/**
 * The page's Module Federation share scopes (window.__FEDERATION__.__SHARE__): every registered
 * version of each shared package, who provided it, whether it was loaded, who uses it.
 */
export async function sharedModules(page: Page): Promise<Record<string, SharedInstance[]>> {
  return page.evaluate(() => {
    type Entry = { from?: string; loaded?: boolean; lib?: unknown; useIn?: string[] };
    const federation = (
      globalThis as unknown as {
        __FEDERATION__?: {
          __SHARE__: Record<string, Record<string, Record<string, Record<string, Entry>>>>;
        };
      }
    ).__FEDERATION__;
    const result: Record<
      string,
      { version: string; from: string; loaded: boolean; useIn: string[] }[]
    > = {};
    if (!federation) return result;
    // Instances may point at the same scope object: count each scope once.
    const scopes = new Set<Record<string, Record<string, Entry>>>();
    for (const instance of Object.values(federation.__SHARE__))
      for (const scope of Object.values(instance)) scopes.add(scope);
    for (const scope of scopes) {
      for (const [name, versions] of Object.entries(scope)) {
        for (const [version, entry] of Object.entries(versions)) {
          (result[name] ??= []).push({
            version,
            from: entry.from ?? '',
            loaded: Boolean(entry.loaded || entry.lib),
            useIn: [...(entry.useIn ?? [])],
          });
        }
      }
    }
    return result;
  });
}
