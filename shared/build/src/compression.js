// Precompressed copies of a build's text assets (<file>.br and <file>.gz beside <file>), written
// at build time so the server sends them as they are (@fastify/static `preCompressed`; a CDN or
// proxy can do the same) instead of compressing on every request or not at all.
// docs/decisions/0015-precompressed-transfer-curated-shares-incremental-build.md.
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** What is worth compressing: scripts, styles, HTML, JSON (manifests), SVG, source maps, text. */
export const COMPRESSIBLE = /\.(?:js|mjs|cjs|css|html|json|svg|map|txt)$/i;

/** Smaller files gain little and cost a second lookup per request. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** A copy that is not at most this fraction of the original is not written. */
const MIN_RATIO = 0.9;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** @typedef {'br' | 'gzip'} Encoding */

/** @type {Record<Encoding, { suffix: string, related: string, compress: (input: Buffer) => Promise<Buffer> }>} */
export const ENCODINGS = {
  // Brotli at its best quality: about 20 % below gzip -9 on our chunks, at ~1 MB/s of input.
  br: {
    suffix: '.br',
    related: 'brotli',
    compress: (input) =>
      brotli(input, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length,
        },
      }),
  },
  // For clients without brotli; fast.
  gzip: {
    suffix: '.gz',
    related: 'gzipped',
    compress: (input) => gzip(input, { level: zlib.constants.Z_BEST_COMPRESSION }),
  },
};

/** Module types whose lazily loaded chunks hold a remote's own copies of shared packages. */
const SHARED_COPY_MODULES = new Set(['consume-shared-module', 'provide-module']);

/**
 * Files of chunks that only a shared module's fallback (or its provided copy) loads. In a remote
 * those run only when the host does not provide the package, which it always does: they get gzip
 * only, which costs little, instead of brotli -11 (most of a remote's bytes: antd, Amplify, React).
 * @param {import('webpack').Compilation} compilation
 * @returns {Set<string>}
 */
export function sharedCopyFiles(compilation) {
  const files = new Set();
  for (const chunk of compilation.chunks) {
    const groups = [...chunk.groupsIterable];
    const onlyShared =
      groups.length > 0 &&
      groups.every(
        (group) =>
          group.origins.length > 0 &&
          group.origins.every(
            (origin) => origin.module && SHARED_COPY_MODULES.has(origin.module.type),
          ),
      );
    if (onlyShared) for (const file of chunk.files) files.add(file);
  }
  return files;
}

/**
 * Writes <file>.br and <file>.gz for every compressible asset of at least 1 KB that shrinks to
 * 90 % or less. Results live in webpack's cache (persistent when the build has one), so an
 * unchanged asset is not compressed again.
 */
export class PrecompressPlugin {
  /**
   * @param {{ brotliForSharedCopies?: boolean }} [options]
   *   brotliForSharedCopies: false in a remote (its copies of shared packages get gzip only); the
   *   host serves its shared packages to everyone and compresses them with both.
   */
  constructor(options = {}) {
    this.brotliForSharedCopies = options.brotliForSharedCopies ?? true;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const name = 'PrecompressPlugin';
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(name, (compilation) => {
      const cache = compilation.getCache(name);
      compilation.hooks.processAssets.tapPromise(
        { name, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        async (assets) => {
          const gzipOnly = this.brotliForSharedCopies ? new Set() : sharedCopyFiles(compilation);
          const tasks = [];
          for (const file of Object.keys(assets)) {
            const asset = compilation.getAsset(file);
            if (!asset || asset.info.compressed || !COMPRESSIBLE.test(file)) continue;
            /** @type {Encoding[]} */
            const encodings = gzipOnly.has(file) ? ['gzip'] : ['br', 'gzip'];
            const etag = cache.getLazyHashedEtag(asset.source);
            for (const encoding of encodings) {
              tasks.push(
                (async () => {
                  const { suffix, related, compress } = ENCODINGS[encoding];
                  const item = cache.getItemCache(`${file}|${encoding}`, etag);
                  /** @type {{ data: Buffer | null } | undefined} */
                  let stored = await item.getPromise();
                  if (!stored) {
                    const input = asset.source.buffer();
                    let data = null;
                    if (input.length >= COMPRESS_THRESHOLD_BYTES) {
                      const output = await compress(input);
                      if (output.length <= input.length * MIN_RATIO) data = output;
                    }
                    stored = { data };
                    await item.storePromise(stored);
                  }
                  if (!stored.data) return;
                  compilation.emitAsset(file + suffix, new sources.RawSource(stored.data), {
                    compressed: true,
                    immutable: asset.info.immutable,
                  });
                  compilation.updateAsset(
                    file,
                    (source) => source,
                    (info) => ({
                      ...info,
                      related: { ...info?.related, [related]: file + suffix },
                    }),
                  );
                })(),
              );
            }
          }
          await Promise.all(tasks);
        },
      );
    });
  }
}
