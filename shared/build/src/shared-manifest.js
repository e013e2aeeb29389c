// The shared packages and versions the host provides, published beside its index.html as
// shared-manifest.json. The API reads it at start (the host build it serves) and refuses to
// publish or pin a remote version whose shared requirements the host cannot satisfy
// (docs/remotes.md, "Compatibility gate"). The host's mf-manifest is not an option: the host
// builds with `manifest: false`, and a manifest would list its chunks too.

/** The file the host build writes into its output directory. */
export const SHARED_MANIFEST_FILE = 'shared-manifest.json';

/**
 * The manifest of a `shared` config (createSharedConfig): every key with the version provided.
 * A key ending in '/' (react/, @aws-amplify/core/) provides every subpath of the package.
 * @param {Record<string, { version: string }>} shared
 * @returns {{ schema: 1, shared: { package: string, version: string }[] }}
 */
export function buildSharedManifest(shared) {
  return {
    schema: 1,
    shared: Object.entries(shared)
      .map(([name, entry]) => ({ package: name, version: entry.version }))
      .sort((a, b) => (a.package < b.package ? -1 : a.package > b.package ? 1 : 0)),
  };
}

/** Emits shared-manifest.json (not content-hashed: the API reads it by name). */
export class SharedManifestPlugin {
  /** @param {Record<string, { version: string }>} shared */
  constructor(shared) {
    this.manifest = buildSharedManifest(shared);
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('SharedManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'SharedManifestPlugin',
          stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL,
        },
        () => {
          compilation.emitAsset(
            SHARED_MANIFEST_FILE,
            new RawSource(`${JSON.stringify(this.manifest, null, 2)}\n`),
          );
        },
      );
    });
  }
}
