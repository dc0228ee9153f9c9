import { magazinesApi } from '@api/magazines'
import { Answer } from '../../http/envelope'
import { serve } from '../../http/serve'
import { listPaging } from '../periodicals/shared'
import { issueContents, listCategories, listMagazines, magazineDetail } from './catalogue'
import { collectedMagazines, setCollected } from './collections'
import { issueSign, myPlace, openReading, saveReading, turnArticle } from './reading'
import { addIssue, deleteIssue, issueDraft, myIssues, updateIssue } from './uploads'

export const magazinesRoutes = serve(magazinesApi, {
  categoryList: ({ app }) => listCategories(app),
  magazineList: ({ app, input }) => listMagazines(app, input, listPaging(input)),
  magazineDetail: ({ app, input, caller }) => magazineDetail(app, caller, input.id),
  contents: ({ app, input, caller }) => issueContents(app, caller, input.issueId),
  openReading: ({ app, input, caller }) => openReading(app, caller, input.issueId, input.articleId),
  myPlace: ({ app, input, caller }) => myPlace(app, caller, input.magazineId),
  sign: ({ app, input, caller }) => issueSign(app, caller, input.issueId),
  turning: ({ app, input, caller }) => turnArticle(app, caller, input.articleId, input.direction),
  saveReading: ({ app, input, caller }) => saveReading(app, caller, input),

  setCollected: async ({ app, input, caller }) => {
    const res = await setCollected(app, caller, input.id, input.collect)
    return new Answer(res, res.collected ? '已收藏' : '已取消收藏')
  },
  collectedList: ({ app, input, caller }) => collectedMagazines(app, caller, listPaging(input)),

  myList: ({ app, input, caller }) => myIssues(app, caller, listPaging(input)),
  myIssue: ({ app, input, caller }) => issueDraft(app, caller, input.issueId),
  addIssue: async ({ app, input, caller }) =>
    new Answer(await addIssue(app, caller, input), '已提交，等待审核'),
  updateIssue: async ({ app, input, caller }) =>
    new Answer(await updateIssue(app, caller, input), '已修改，等待审核'),
  deleteIssue: async ({ app, input, caller }) => {
    await deleteIssue(app, caller, input.issueId)
    return new Answer(null, '已删除')
  },
})
