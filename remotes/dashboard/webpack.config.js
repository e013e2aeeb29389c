import { createRemoteConfig } from '@esim/build';

/** Builds this remote alone into dist/<version>/ (REMOTE_VERSION overrides package.json). */
export default (_env, argv) =>
  createRemoteConfig({
    area: 'dashboard',
    dir: import.meta.dirname,
    mode: argv.mode ?? 'production',
  });
