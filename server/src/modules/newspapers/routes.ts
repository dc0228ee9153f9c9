import { newspapersApi } from '@api/newspapers'
import { Answer } from '../../http/envelope'
import { serve } from '../../http/serve'
import { listPaging } from '../periodicals/shared'
import { editionCatalogue, listCategories, listNewspapers, newspaperDetail } from './catalogue'
import { collectedNewspapers, setCollected } from './collections'
import { editionSign, myPlace, openReading, saveReading, turnEdition } from './reading'
import { addEdition, deleteEdition, editionDraft, myEditions, updateEdition } from './uploads'

export const newspapersRoutes = serve(newspapersApi, {
  categoryList: ({ app }) => listCategories(app),
  newspaperList: ({ app, input }) => listNewspapers(app, input, listPaging(input)),
  newspaperDetail: ({ app, input, caller }) => newspaperDetail(app, caller, input.id),
  catalogue: ({ app, input, caller }) => editionCatalogue(app, caller, input.editionId),
  openReading: ({ app, input, caller }) =>
    openReading(app, caller, input.editionId, input.articleId),
  myPlace: ({ app, input, caller }) => myPlace(app, caller, input.newspaperId),
  sign: ({ app, input, caller }) => editionSign(app, caller, input.editionId),
  turning: ({ app, input, caller }) => turnEdition(app, caller, input.editionId, input.direction),
  saveReading: ({ app, input, caller }) => saveReading(app, caller, input),

  setCollected: async ({ app, input, caller }) => {
    const res = await setCollected(app, caller, input.id, input.collect)
    return new Answer(res, res.collected ? '已收藏' : '已取消收藏')
  },
  collectedList: ({ app, input, caller }) => collectedNewspapers(app, caller, listPaging(input)),

  myList: ({ app, input, caller }) => myEditions(app, caller, listPaging(input)),
  myEdition: ({ app, input, caller }) => editionDraft(app, caller, input.editionId),
  addEdition: async ({ app, input, caller }) =>
    new Answer(await addEdition(app, caller, input), '已提交，等待审核'),
  updateEdition: async ({ app, input, caller }) =>
    new Answer(await updateEdition(app, caller, input), '已修改，等待审核'),
  deleteEdition: async ({ app, input, caller }) => {
    await deleteEdition(app, caller, input.editionId)
    return new Answer(null, '已删除')
  },
})
