export { FONT_FAMILIES, FONT_ORIGIN } from './families';
export { fontFaceCss, facesFor } from './css';
export { fontFileFor } from './files';
