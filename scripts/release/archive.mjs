// The upload of `pnpm release publish`: a gzipped tar of one build directory (its files only,
// relative paths, no links), built with the `tar` package the API depends on.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Every plain file under dir (relative paths); a link in a build is refused. */
function buildFiles(dir) {
  const files = [];
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (entry.isSymbolicLink())
      throw new Error(`${full} is a link; a build holds plain files only.`);
    if (entry.isFile()) files.push(path.relative(dir, full).split(path.sep).join('/'));
  }
  return files.sort();
}

/** tar.gz bytes of the build directory. */
export async function buildArchive(root, dir) {
  const requireFromApi = createRequire(path.join(root, 'api', 'package.json'));
  const loaded = await import(pathToFileURL(requireFromApi.resolve('tar')).href);
  const tar = typeof loaded.c === 'function' ? loaded : loaded.default;
  const stream = tar.c(
    { gzip: true, cwd: dir, portable: true, noDirRecurse: true },
    buildFiles(dir),
  );
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}
