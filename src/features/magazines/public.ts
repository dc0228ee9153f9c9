// What other features may use of magazines (the walls in eslint.config.mjs allow only this file):
// collected magazines and my uploads for the collections and mine pages, and the links.
export {
  deleteIssue,
  fetchCollected as fetchCollectedMagazines,
  fetchMyIssues,
  setCollected as setMagazineCollected,
} from './api'
export { issueReadUrl, magazineAddUrl, magazineDetailUrl, magazineListUrl } from './links'
export { default as MagazineRow } from './components/MagazineRow'
