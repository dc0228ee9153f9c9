// pdf.js's legacy build, minified as the project ships it: the same module as pdf.mjs (whose
// declarations these are), which the H5 build does not minify again (config/pdfjsAssets.ts).
declare module 'pdfjs-dist/legacy/build/pdf.min.mjs' {
  export * from 'pdfjs-dist/legacy/build/pdf.mjs'
}
