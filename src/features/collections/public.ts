// What other features may use of the collections (the walls in eslint.config.mjs allow only this file).
export { default as CollectedList } from './components/CollectedList'
export { default as CollectTabs } from './components/CollectTabs'
export { COLLECT_KINDS, type CollectKind, type CollectedRow } from './kinds'
