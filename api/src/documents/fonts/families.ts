/*
 * The fonts documents print in, from registry packages (Fontsource's Noto builds, woff2 split by
 * Unicode range), so a machine without Debian's font packages renders Japanese and Thai the same.
 * Regular and bold are all the templates use.
 */

export const FONT_FAMILIES = { japanese: 'Noto Sans JP', thai: 'Noto Sans Thai' } as const;

/** The packages, each holding `<weight>.css` (its @font-face rules) and files/*.woff2. */
export const FONT_PACKAGES = ['@fontsource/noto-sans-jp', '@fontsource/noto-sans-thai'] as const;

export const FONT_WEIGHTS = [400, 700] as const;

/**
 * The origin the page asks the fonts from. `.invalid` never resolves (RFC 6761): the renderer's
 * request handler answers it from the packages' files and refuses every other request.
 */
export const FONT_ORIGIN = 'https://fonts.documents.invalid';
