/**
 * Colours the code passes to Taro APIs (modal buttons, progress bars), which cannot read SCSS: the
 * same values as src/styles/tokens.scss (a unit test keeps them equal).
 */
export const BRAND_COLOR = '#c0392b'
