import fs from 'node:fs/promises';
import { FONT_ORIGIN } from './families';
import { fontFaces } from './faces';

/*
 * The answers to the page's font requests: a file of a known face, read from node_modules once
 * and kept (a document uses a few of them; all of them together are some 8 MB). Nothing but a
 * known face's file name is answered: no path is taken from the request.
 */

const cache = new Map<string, Promise<Buffer>>();
let byName: ReadonlyMap<string, string> | undefined;

/** The path of a known face's file by its name. */
function fontPath(name: string): string | undefined {
  byName ??= new Map(fontFaces().map((face) => [face.file, face.path]));
  return byName.get(name);
}

/** The bytes of the font at this URL, or null when the URL is not one of our fonts. */
export function fontFileFor(url: string): Promise<Buffer> | null {
  if (!url.startsWith(`${FONT_ORIGIN}/`)) return null;
  const name = url.slice(FONT_ORIGIN.length + 1);
  const file = fontPath(name);
  if (!file) return null;
  let bytes = cache.get(name);
  if (!bytes) {
    bytes = fs.readFile(file);
    bytes.catch(() => cache.delete(name));
    cache.set(name, bytes);
  }
  return bytes;
}
