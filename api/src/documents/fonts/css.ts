import { FONT_ORIGIN } from './families';
import { fontFaces, type FontFaceFile } from './faces';

/*
 * The @font-face rules one document needs: only the faces whose Unicode ranges hold a character
 * of its HTML, pointing at FONT_ORIGIN. Chromium then fetches just the subsets it draws (a Thai
 * invoice: three small files, not Noto Sans JP's 250).
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

/** The faces any character of the text falls in. */
export function facesFor(text: string): FontFaceFile[] {
  const codePoints = new Set<number>();
  for (const char of text) codePoints.add(char.codePointAt(0)!);
  return fontFaces().filter((face) => {
    for (const codePoint of codePoints) if (covers(face, codePoint)) return true;
    return false;
  });
}

export function fontFaceCss(text: string): string {
  return facesFor(text)
    .map(
      (face) =>
        `@font-face{font-family:'${face.family}';font-style:normal;font-weight:${face.weight};` +
        `font-display:block;src:url(${FONT_ORIGIN}/${face.file}) format('woff2');` +
        `unicode-range:${face.unicodeRange}}`,
    )
    .join('\n');
}
