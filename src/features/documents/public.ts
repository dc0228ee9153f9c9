// What other features may use of documents (the walls in eslint.config.mjs allow only this file).
export { fetchCollectedDocs, setDocCollected } from './api'
export { docMeta, uploadStateChip, type StateChip as StateChipValue } from './format'
export { docDetailUrl } from './links'
export { default as DocThumb } from './components/DocThumb'
export { default as StateChip } from './components/StateChip'
