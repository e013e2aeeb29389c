/**
 * Import direction (issue 11), enforced with ESLint's own no-restricted-imports:
 * - a remote imports only shared packages (@esim/*, third-party) and its own files: never another
 *   remote, host/ or api/;
 * - the host reaches remotes only through Module Federation: no import of remotes/* or their
 *   packages;
 * - an API area (api/src/areas/<area>/) reaches another area only through its public.ts; helpers
 *   every area shares (LIKE escape, rows of a result, dates) live in api/src/areas/list-helpers.ts.
 *
 * A relative path climbs a fixed number of folders, so one block per folder depth says where
 * "outside" starts. shared/build/test/import-direction.test.ts proves each rule still fires.
 */

const MAX_DEPTH = 8;
const CODE = '{ts,tsx,js,mjs,cjs}';

/** `../` exactly n times, as a regular expression. @param {number} n */
const up = (n) => `(\\.\\./){${n}}`;
/**
 * Glob of the files `depth` folders below `root` (root itself = depth 0).
 * @param {string} root
 * @param {number} depth
 */
const filesAt = (root, depth) => [`${root}/${'*/'.repeat(depth)}*.${CODE}`];

/** Packages of the remotes (and the host and API), but not the shared @esim/remote-kit. */
const APP_PACKAGES = '^@esim/(host|api|remote-(?!kit(/|$)))';

export const REMOTE_MESSAGE =
  'A remote imports only its own files and shared packages (@esim/*, third-party): never another remote, host/ or api/.';
export const HOST_MESSAGE =
  'The host reaches remotes only through Module Federation (remote-kit manifests and loaders), never by importing remotes/* or the API.';
export const AREA_MESSAGE =
  "An API area does not reach into another area's files: import '../<area>/public' (or move a shared helper to api/src/areas/list-helpers.ts).";

/** @param {{ regex: string; message: string }[]} patterns */
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

const depths = Array.from({ length: MAX_DEPTH + 1 }, (_, depth) => depth);

const remoteConfigs = depths.map((depth) => ({
  name: `import-direction/remotes/depth-${depth}`,
  files: filesAt('remotes/*', depth),
  rules: restrict([
    { regex: `^${up(depth + 1)}`, message: REMOTE_MESSAGE },
    { regex: APP_PACKAGES, message: REMOTE_MESSAGE },
  ]),
}));

const hostConfigs = depths.map((depth) => ({
  name: `import-direction/host/depth-${depth}`,
  files: filesAt('host', depth),
  rules: restrict([
    { regex: `^${up(depth + 1)}(remotes|api)(/|$)`, message: HOST_MESSAGE },
    { regex: APP_PACKAGES, message: HOST_MESSAGE },
  ]),
}));

// Files of an area sit at api/src/areas/<area>/...; ../ (depth + 1 times) is api/src/areas.
const PUBLIC = '(?!public(\\.[cm]?[jt]sx?)?$)';
const SHARED_AREA_FILES = '(?!(list-helpers|types|index)(\\.[cm]?[jt]sx?)?$)';
const areaConfigs = depths.map((depth) => ({
  name: `import-direction/api-areas/depth-${depth}`,
  files: filesAt('api/src/areas/*', depth),
  rules: restrict([
    { regex: `^${up(depth + 1)}${SHARED_AREA_FILES}[^./][^/]*/${PUBLIC}`, message: AREA_MESSAGE },
    { regex: `^${up(depth + 2)}areas/[^/]+/${PUBLIC}`, message: AREA_MESSAGE },
  ]),
}));

export const importDirectionConfigs = [...remoteConfigs, ...hostConfigs, ...areaConfigs];
