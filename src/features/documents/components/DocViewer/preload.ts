/** What the reader needs before the document is known: nothing in the mini-program (preload.h5.ts). */
export function preloadViewer(): void {}
