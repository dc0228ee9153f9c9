// What magazines and newspapers share (the walls in eslint.config.mjs allow only this file): the
// article reader's view, menu and contents, saving the place, and the upload forms' pieces.
export { default as ArticleView, previewImages, type ArticleText } from './ArticleView'
export {
  default as ArticleMenu,
  ArticleEnd,
  Stepper,
  type MenuAction,
  type Turn,
} from './ArticleMenu'
export {
  default as ContentsDrawer,
  type ContentsLine,
  type ContentsSection,
} from './ContentsDrawer'
export { anchorFor, clampParagraph, paragraphAtTop, paragraphId, type ParagraphRect } from './place'
export { usePlaceSaver } from './usePlaceSaver'
export { useArticleScroll } from './useArticleScroll'
export { default as Cover } from './Cover'
export { default as SummaryRow } from './SummaryRow'
export { default as ReviewTag } from './ReviewTag'
export { default as ArticleEditor } from './ArticleEditor'
export { default as OwnerPicker, Chip } from './OwnerPicker'
export { default as UploadField } from './UploadField'
export {
  articleInput,
  articlesProblem,
  chinaToday,
  distinctOwners,
  NEW_OWNER,
  newArticle,
  NO_UPLOADS,
  ownerProblem,
  reportOf,
  rowKey,
  type ArticleFields,
  type Owner,
  type OwnerFields,
  type Reports,
  type UploadReport,
} from './uploadForm'
export { useReports } from './useReports'
export { finishSubmitted, SUBMITTED } from './finish'
