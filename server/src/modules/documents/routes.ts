import { DocumentLimits } from '@rules/documents'
import { documentsApi } from '@api/documents'
import { Answer } from '../../http/envelope'
import { paging } from '../../http/paging'
import { serve } from '../../http/serve'
import {
  categoryList,
  collectionList,
  docList,
  refreshReadCount,
  setCollected,
  viewerKey,
} from './library'
import {
  contribute,
  contributionList,
  myDocDetail,
  myDocList,
  removeDoc,
  updateContribution,
  updateDoc,
  withdraw,
} from './mine'
import { docDetail } from './rows'
import { uploadDocument } from './upload'

const pages = (input: { page?: number; pageSize?: number }) =>
  paging(input, DocumentLimits.pageSize, DocumentLimits.pageSizeMax)

const editsOf = (input: { title?: string; categoryId?: number; intro?: string }) => ({
  title: input.title,
  categoryId: input.categoryId,
  intro: input.intro,
})

export const documentsRoutes = serve(documentsApi, {
  categoryList: ({ app }) => categoryList(app),
  docList: ({ app, input }) => docList(app, input, pages(input)),
  contributionList: ({ app, caller, input }) => contributionList(app, caller, pages(input)),
  docDetail: ({ app, caller, input }) => docDetail(app.db, input.id, caller?.userId ?? null),
  refreshReadCount: ({ app, caller, input, req }) =>
    refreshReadCount(app, caller, input.id, viewerKey(caller, req)),
  contribute: async ({ app, caller, input }) =>
    new Answer(await contribute(app, caller, input.id, editsOf(input)), '已提交审核'),
  updateContribution: async ({ app, caller, input }) =>
    new Answer(
      await updateContribution(app, caller, input.id, editsOf(input), input.fileDocId),
      '已重新提交审核',
    ),
  withdraw: async ({ app, caller, input }) =>
    new Answer(await withdraw(app, caller, input.id), '已从文库撤回'),
  myDocList: ({ app, caller, input }) => myDocList(app, caller, input.categoryId, pages(input)),
  myDocDetail: ({ app, caller, input }) => myDocDetail(app, caller, input.id),
  upload: async ({ app, caller, req }) =>
    new Answer(await uploadDocument(app, caller, req), '上传成功'),
  update: async ({ app, caller, input }) =>
    new Answer(await updateDoc(app, caller, input.id, editsOf(input)), '已保存'),
  remove: async ({ app, caller, input }) => {
    await removeDoc(app, caller, input.id)
    return new Answer(null, '已删除')
  },
  collect: async ({ app, caller, input }) => {
    const res = await setCollected(app, caller, input.id, input.collect)
    return new Answer(res, res.collected ? '已收藏' : '已取消收藏')
  },
  collectionList: ({ app, caller, input }) => collectionList(app, caller, pages(input)),
})
