import { FONT_ORIGIN } from './families';
import { fontFaces, type FontFaceFile } from './faces';

/*
 * The @font-face rules a text needs: only the faces whose Unicode ranges hold one of its
 * characters, pointing at FONT_ORIGIN. Chromium then fetches just the subsets it draws (a Thai
 * invoice: three small files, not Noto Sans JP's 250). A page keeps the rules it was given (the
 * renderer sends each face once per page, docs/documents.md "Rendering").
 */

function covers(face: FontFaceFile, codePoint: number): boolean {
  let low = 0;
  let high = face.ranges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [first, last] = face.ranges[middle]!;
    if (codePoint < first) high = middle - 1;
    else if (codePoint > last) low = middle + 1;
    else return true;
  }
  return false;
}

/**
 * The faces of each character met so far: a document repeats the characters of the last one,
 * and looking each up in ~500 faces' ranges cost 1.5 to 4 ms a document.
 */
const facesByCodePoint = new Map<number, readonly FontFaceFile[]>();

function facesCovering(codePoint: number): readonly FontFaceFile[] {
  let faces = facesByCodePoint.get(codePoint);
  if (!faces) {
    faces = fontFaces().filter((face) => covers(face, codePoint));
    facesByCodePoint.set(codePoint, faces);
  }
  return faces;
}

/** The faces any character of the text falls in, in the packages' order. */
export function facesFor(text: string): FontFaceFile[] {
  const found = new Set<FontFaceFile>();
  const seen = new Set<number>();
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    if (seen.has(codePoint)) continue;
    seen.add(codePoint);
    for (const face of facesCovering(codePoint)) found.add(face);
  }
  return fontFaces().filter((face) => found.has(face));
}

/** The @font-face rules of these faces. */
export function fontFaceRules(faces: readonly FontFaceFile[]): string {
  return faces
    .map(
      (face) =>
        `@font-face{font-family:'${face.family}';font-style:normal;font-weight:${face.weight};` +
        `font-display:block;src:url(${FONT_ORIGIN}/${face.file}) format('woff2');` +
        `unicode-range:${face.unicodeRange}}`,
    )
    .join('\n');
}

/** The @font-face rules the text needs. */
export function fontFaceCss(text: string): string {
  return fontFaceRules(facesFor(text));
}
