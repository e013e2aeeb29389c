#!/usr/bin/env node
/**
 * Builds the console: the host, the eleven remotes and the API (`pnpm build`, `pnpm start`).
 *
 * - A package whose inputs did not change since its last successful build is skipped: the input
 *   hash (its own files, every shared/ package, the locales, the lockfile, the root configs, the
 *   Node version and the build switches REMOTE_VERSION / REMOTE_E2E_EXTRA_ROUTE / NODE_ENV) is
 *   kept in <package>/node_modules/.cache/esim-build/stamp.json with a hash of its output, and
 *   the build is skipped only when both still match. `--force` builds everything.
 * - The webpack builds run `--jobs` at a time, each in its own process (one compilation keeps
 *   about one core busy). Default: as many as there are idle cores right now (sampled for half a
 *   second), at least 1, at most 4: two builds help on two free cores, but on a machine whose
 *   cores are already busy they only slow each other down (docs/performance.md, "Transfer and
 *   start"). Each keeps webpack's persistent cache (node_modules/.cache/webpack), so a package
 *   that does rebuild reuses what did not change.
 * - The API (esbuild, under a second) always builds.
 *
 * Usage: node scripts/build.mjs [--force] [--jobs N] [--only host,remotes,api,<area>...]
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STAMP_VERSION = 1;

/** Environment variables a build reads (they change its output). */
const BUILD_ENV = ['REMOTE_VERSION', 'REMOTE_E2E_EXTRA_ROUTE', 'NODE_ENV'];
/** Root files every build depends on. */
const ROOT_FILES = ['pnpm-lock.yaml', 'package.json', 'tsconfig.base.json', 'pnpm-workspace.yaml'];
/** Never inputs: dependencies, outputs, caches, tests, local data. */
const SKIP_DIRS = new Set([
  'node_modules',
  'dist',
  'test',
  'tests',
  '__tests__',
  '.data',
  'coverage',
  'artifacts',
]);
const SKIP_FILES = /\.(test|spec)\.[cm]?[jt]sx?$|^\.DS_Store$|\.tsbuildinfo$/;

function parseArgs(argv) {
  const args = { force: false, jobs: undefined, only: undefined };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--force') args.force = true;
    else if (arg === '--jobs') args.jobs = Number(argv[++i]);
    else if (arg.startsWith('--jobs=')) args.jobs = Number(arg.slice('--jobs='.length));
    else if (arg === '--only') args.only = argv[++i]?.split(',');
    else if (arg.startsWith('--only=')) args.only = arg.slice('--only='.length).split(',');
    else
      throw new Error(
        `Unknown argument ${arg}. Usage: build.mjs [--force] [--jobs N] [--only ...]`,
      );
  }
  return args;
}

/** Every file under `dir` that is an input (sorted, relative to ROOT). */
function inputFiles(dir) {
  const files = [];
  const walk = (current) => {
    let entries;
    try {
      entries = fs.readdirSync(current, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.') && entry.name !== '.npmrc') continue;
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name)) walk(full);
      } else if (entry.isFile() && !SKIP_FILES.test(entry.name)) {
        files.push(path.relative(ROOT, full));
      }
    }
  };
  walk(dir);
  return files.sort();
}

/** sha256 over the paths and contents of `files` (relative to ROOT). */
function hashFiles(files) {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file);
    hash.update('\0');
    try {
      hash.update(fs.readFileSync(path.join(ROOT, file)));
    } catch {
      hash.update('<missing>');
    }
    hash.update('\0');
  }
  return hash.digest('hex');
}

function sha256File(file) {
  try {
    return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  } catch {
    return null;
  }
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** The inputs every package shares: shared/*, locales/, root files, Node and the switches. */
function commonInputHash() {
  const hash = createHash('sha256');
  hash.update(`stamp ${STAMP_VERSION}\0node ${process.version}\0`);
  for (const name of BUILD_ENV) hash.update(`${name}=${process.env[name] ?? ''}\0`);
  hash.update(
    hashFiles([
      ...inputFiles(path.join(ROOT, 'shared')),
      ...inputFiles(path.join(ROOT, 'locales')),
    ]),
  );
  hash.update(hashFiles(ROOT_FILES));
  return hash.digest('hex');
}

/** The webpack targets: the host and every remote (directories under remotes/ with a package.json). */
function webpackTargets() {
  const remotesDir = path.join(ROOT, 'remotes');
  const remotes = fs
    .readdirSync(remotesDir, { withFileTypes: true })
    .filter(
      (entry) =>
        entry.isDirectory() && fs.existsSync(path.join(remotesDir, entry.name, 'package.json')),
    )
    .map((entry) => entry.name)
    .sort();
  const host = {
    name: 'host',
    group: 'host',
    dir: path.join(ROOT, 'host'),
    /** The file whose hash proves the output is the one the stamp describes. */
    output: () => path.join(ROOT, 'host', 'dist', 'index.html'),
  };
  return [
    host,
    ...remotes.map((area) => {
      const dir = path.join(remotesDir, area);
      return {
        name: area,
        group: 'remotes',
        dir,
        output: () => {
          const version =
            process.env.REMOTE_VERSION || readJson(path.join(dir, 'package.json')).version;
          return path.join(dir, 'dist', version, 'mf-manifest.json');
        },
      };
    }),
  ];
}

function stampFile(target) {
  return path.join(target.dir, 'node_modules', '.cache', 'esim-build', 'stamp.json');
}

function readStamp(target) {
  try {
    return readJson(stampFile(target));
  } catch {
    return null;
  }
}

function writeStamp(target, inputHash) {
  const file = stampFile(target);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const output = target.output();
  fs.writeFileSync(
    file,
    JSON.stringify(
      { inputHash, output: path.relative(ROOT, output), outputHash: sha256File(output) },
      null,
      2,
    ) + '\n',
  );
}

function upToDate(target, inputHash) {
  const stamp = readStamp(target);
  if (!stamp || stamp.inputHash !== inputHash) return false;
  const output = target.output();
  if (stamp.output !== path.relative(ROOT, output)) return false;
  const outputHash = sha256File(output);
  return outputHash !== null && outputHash === stamp.outputHash;
}

/** Runs `pnpm run build` in `dir`; resolves with its output, rejects with it on failure. */
function runBuild(dir) {
  return new Promise((resolve, reject) => {
    const child = spawn('pnpm', ['--silent', 'run', 'build'], {
      cwd: dir,
      env: process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve(output);
      else reject(Object.assign(new Error(`exited with ${code ?? signal}`), { output }));
    });
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** How many cores were idle over the last `ms` (0 .. number of cores). */
async function idleCores(ms = 500) {
  const before = os.cpus();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = os.cpus();
  let idle = 0;
  let total = 0;
  after.forEach((cpu, i) => {
    const previous = before[i]?.times;
    if (!previous) return;
    for (const key of Object.keys(cpu.times)) total += cpu.times[key] - previous[key];
    idle += cpu.times.idle - previous.idle;
  });
  return total > 0 ? (idle / total) * after.length : 0;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const started = Date.now();
  const selected = (target) =>
    !args.only || args.only.includes(target.name) || args.only.includes(target.group);

  const common = commonInputHash();
  const targets = webpackTargets().filter(selected);
  const queue = [];
  for (const target of targets) {
    const inputHash = createHash('sha256')
      .update(common)
      .update(hashFiles(inputFiles(target.dir)))
      .digest('hex');
    if (!args.force && upToDate(target, inputHash)) {
      console.info(`build: ${target.name} unchanged, skipped`);
    } else {
      queue.push({ target, inputHash });
    }
  }
  let jobs = 1;
  if (queue.length > 1) {
    const idle = args.jobs ? undefined : await idleCores();
    jobs = args.jobs || Math.min(4, Math.max(1, Math.round(idle ?? 1)));
    jobs = Math.min(jobs, queue.length);
    const why = idle === undefined ? '--jobs' : `${idle.toFixed(1)} idle cores`;
    console.info(
      `build: ${queue.map(({ target }) => target.name).join(', ')} (${jobs} at a time: ${why})`,
    );
  } else if (queue.length === 1) {
    console.info(`build: ${queue[0].target.name}`);
  }

  const failures = [];
  const worker = async () => {
    for (;;) {
      const next = queue.shift();
      if (!next) return;
      const { target, inputHash } = next;
      const t0 = Date.now();
      try {
        // The stamp goes first: a build that fails or is interrupted leaves no stale stamp.
        fs.rmSync(stampFile(target), { force: true });
        const output = await runBuild(target.dir);
        writeStamp(target, inputHash);
        const quiet = output
          .split('\n')
          .filter(
            (line) =>
              /warn|error/i.test(line) &&
              !/DeprecationWarning|trace-deprecation|publicPath='auto'/.test(line),
          );
        for (const line of quiet) console.info(`  ${target.name}: ${line}`);
        console.info(`build: ${target.name} built in ${seconds(Date.now() - t0)}`);
      } catch (error) {
        failures.push(target.name);
        console.error(
          `build: ${target.name} FAILED after ${seconds(Date.now() - t0)}\n${error.output ?? error.message}`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: jobs }, worker));

  if (!args.only || args.only.includes('api')) {
    const t0 = Date.now();
    try {
      await runBuild(path.join(ROOT, 'api'));
      console.info(`build: api built in ${seconds(Date.now() - t0)}`);
    } catch (error) {
      failures.push('api');
      console.error(`build: api FAILED\n${error.output ?? error.message}`);
    }
  }

  if (failures.length > 0) {
    console.error(`build: failed: ${failures.join(', ')} (${seconds(Date.now() - started)})`);
    process.exit(1);
  }
  console.info(`build: done in ${seconds(Date.now() - started)}`);
}

await main();
