// What other features may use of newspapers (the walls in eslint.config.mjs allow only this
// file): collected newspapers and my uploads for the collections and mine pages, and the links.
export {
  deleteEdition,
  fetchCollected as fetchCollectedNewspapers,
  fetchMyEditions,
  setCollected as setNewspaperCollected,
} from './api'
export { editionReadUrl, newspaperAddUrl, newspaperDetailUrl, newspaperListUrl } from './links'
export { default as NewspaperRow } from './components/NewspaperRow'
export { editionTitle, longDate } from './editions'
