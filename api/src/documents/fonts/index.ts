export { FONT_FAMILIES, FONT_ORIGIN } from './families';
export { fontFaceCss, fontFaceRules, facesFor } from './css';
export { fontFileFor } from './files';
export type { FontFaceFile } from './faces';
