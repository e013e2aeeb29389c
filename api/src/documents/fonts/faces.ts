import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { FONT_PACKAGES, FONT_WEIGHTS } from './families';

/*
 * The @font-face rules of the font packages, read once from their CSS: each face is one woff2
 * file covering a set of Unicode ranges (Noto Sans JP is cut into some 120 of them per weight).
 */

export interface FontFaceFile {
  family: string;
  weight: number;
  /** The woff2 file's name, unique across the packages (noto-sans-jp-5-400-normal.woff2). */
  file: string;
  /** Its absolute path in node_modules. */
  path: string;
  /** As written in the CSS (U+0E01-0E5B,U+200C-200D), for the rule the page gets. */
  unicodeRange: string;
  /** The same as sorted, inclusive [first, last] code points. */
  ranges: ReadonlyArray<readonly [number, number]>;
}

// Resolved from this file: api/src/documents/fonts under tsx, api/dist in the bundle; both find
// api/node_modules.
const require = createRequire(import.meta.url);

/** 'U+0E01-0E5B' -> [0xe01, 0xe5b]; 'U+4??' -> [0x400, 0x4ff]. */
export function parseUnicodeRange(text: string): Array<[number, number]> {
  const ranges = text
    .split(',')
    .map((part) => part.trim().replace(/^U\+/i, ''))
    .filter(Boolean)
    .map((part): [number, number] => {
      if (part.includes('?')) {
        return [parseInt(part.replace(/\?/g, '0'), 16), parseInt(part.replace(/\?/g, 'F'), 16)];
      }
      const [first, last = first] = part.split('-') as [string, string?];
      return [parseInt(first, 16), parseInt(last, 16)];
    });
  if (ranges.some(([first, last]) => Number.isNaN(first) || Number.isNaN(last))) {
    throw new Error(`unreadable unicode-range: ${text}`);
  }
  return ranges.sort((a, b) => a[0] - b[0]);
}

function property(block: string, name: string): string | undefined {
  return new RegExp(`${name}\\s*:\\s*([^;]+);`).exec(block)?.[1]?.trim();
}

/** The faces of one package's `<weight>.css`. */
export function parseFontFaces(css: string, directory: string): FontFaceFile[] {
  const faces: FontFaceFile[] = [];
  for (const [, block = ''] of css.matchAll(/@font-face\s*\{([^}]*)\}/g)) {
    const family = property(block, 'font-family')?.replace(/^['"]|['"]$/g, '');
    const weight = Number(property(block, 'font-weight'));
    const file = /url\(\.\/files\/([\w.-]+\.woff2)\)/.exec(block)?.[1];
    const unicodeRange = property(block, 'unicode-range');
    if (!family || !file || !unicodeRange || !Number.isFinite(weight)) {
      throw new Error(`unexpected @font-face in ${directory}: ${block.slice(0, 200)}`);
    }
    faces.push({
      family,
      weight,
      file,
      path: path.join(directory, 'files', file),
      unicodeRange,
      ranges: parseUnicodeRange(unicodeRange),
    });
  }
  return faces;
}

let loaded: readonly FontFaceFile[] | undefined;

/** Every face of every font package and weight (read from node_modules once). */
export function fontFaces(): readonly FontFaceFile[] {
  if (!loaded) {
    loaded = FONT_PACKAGES.flatMap((name) =>
      FONT_WEIGHTS.flatMap((weight) => {
        const cssPath = require.resolve(`${name}/${weight}.css`);
        return parseFontFaces(fs.readFileSync(cssPath, 'utf8'), path.dirname(cssPath));
      }),
    );
  }
  return loaded;
}
