import { feedApi } from '@api/feed'
import { Answer } from '../../http/envelope'
import { paging } from '../../http/paging'
import { serve } from '../../http/serve'
import { feedChanged } from './feedReads'
import { addComment, commentDetail, deleteComment, listComments } from './comments'
import { deletePost, listPosts, postDetail, savePost, setLike } from './posts'

/** A write through one of these calls drops the feed's kept reads (feedReads.ts). */
const thenChanged = async <T>(db: object, write: Promise<T>): Promise<T> => {
  const out = await write
  feedChanged(db)
  return out
}

export const feedRoutes = serve(feedApi, {
  postList: ({ app, input, caller }) =>
    listPosts(app, caller, { userId: input.userId }, paging(input)),
  postDetail: ({ app, input, caller }) => postDetail(app, caller, input.id),
  savePost: async ({ app, input, caller }) =>
    new Answer(
      await thenChanged(
        app.db,
        savePost(app, caller, { content: input.content ?? '', images: input.images ?? [] }),
      ),
      '发表成功',
    ),
  deletePost: async ({ app, input, caller }) => {
    await thenChanged(app.db, deletePost(app, caller, input.id))
    return new Answer(null, '已删除')
  },
  likePost: async ({ app, input, caller }) => {
    const res = await thenChanged(app.db, setLike(app, caller, input.id, input.like))
    return new Answer(res, res.liked ? '已点赞' : '已取消点赞')
  },
  commentList: ({ app, input, caller }) =>
    listComments(app, caller, { postId: input.postId, parentId: input.parentId }, paging(input)),
  commentDetail: ({ app, input, caller }) => commentDetail(app, caller, input.id),
  addComment: async ({ app, input, caller }) =>
    new Answer(
      await thenChanged(
        app.db,
        addComment(app, caller, {
          postId: input.postId,
          parentId: input.parentId,
          content: input.content ?? '',
        }),
      ),
      '评论成功',
    ),
  deleteComment: async ({ app, input, caller }) => {
    await thenChanged(app.db, deleteComment(app, caller, input.id))
    return new Answer(null, '已删除')
  },
})
