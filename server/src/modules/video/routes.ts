import { videoApi } from '@api/video'
import { Answer } from '../../http/envelope'
import { serve } from '../../http/serve'
import { viewerKey } from '../../http/viewerKey'
import { addAlbum, albumDetail, albumList, removeAlbum, updateAlbum } from './albums'
import {
  albumTagList,
  channelList,
  homeRow,
  mostPlayed,
  shopVideos,
  userVideos,
  videoList,
} from './browse'
import { addComment, addReply, listComments, listReplies } from './comments'
import { countView } from './counts'
import { mySubmission, videoDetail } from './detail'
import { likeComment, likeVideo } from './likes'
import { myVideoList, removeVideo, updateVideo } from './mine'
import { videoPaging as pages } from './rows'
import { uploadVideo } from './upload'

const viewerOf = (caller: { userId: number } | null): number | null => caller?.userId ?? null

export const videoRoutes = serve(videoApi, {
  channelList: ({ app }) => channelList(app),
  albumTagList: ({ app }) => albumTagList(app),
  albumList: ({ app, caller, input }) => albumList(app, viewerOf(caller), input, pages(input)),
  videoList: ({ app, caller, input }) => videoList(app, viewerOf(caller), input, pages(input)),
  albumDetail: ({ app, caller, input }) => albumDetail(app.db, viewerOf(caller), input.id),
  videoDetail: ({ app, caller, input }) => videoDetail(app, input.id, viewerOf(caller)),
  countPlay: ({ app, caller, input, req }) =>
    countView(app, viewerOf(caller), input.id, viewerKey(caller, req), 'play'),
  countShare: ({ app, caller, input, req }) =>
    countView(app, viewerOf(caller), input.id, viewerKey(caller, req), 'share'),
  homeRow: ({ app, caller }) => homeRow(app, viewerOf(caller)),
  userVideos: ({ app, caller, input }) =>
    userVideos(app, viewerOf(caller), input.userId, pages(input)),
  mostPlayed: ({ app, caller, input }) => mostPlayed(app, viewerOf(caller), pages(input)),
  shopVideos: ({ app, caller, input }) =>
    shopVideos(app, viewerOf(caller), input.bookId, pages(input)),
  myVideoList: ({ app, caller, input }) => myVideoList(app, caller, input.state, pages(input)),
  mySubmission: ({ app, caller, input }) => mySubmission(app, input.id, caller.userId),
  upload: async ({ app, caller, req }) =>
    new Answer(await uploadVideo(app, caller, req), '发布成功，等待审核'),
  update: async ({ app, caller, input }) => {
    const res = await updateVideo(app, caller, input)
    return new Answer(res, res.reviewState === 'pending' ? '已保存，等待审核' : '已保存')
  },
  remove: async ({ app, caller, input }) => {
    await removeVideo(app, caller, input.id)
    return new Answer(null, '已删除')
  },
  addAlbum: async ({ app, caller, input }) =>
    new Answer(await addAlbum(app, caller, input), '专辑已创建'),
  updateAlbum: async ({ app, caller, input }) =>
    new Answer(await updateAlbum(app, caller, input), '已保存'),
  removeAlbum: async ({ app, caller, input }) => {
    await removeAlbum(app, caller, input.id)
    return new Answer(null, '已删除')
  },
  commentList: ({ app, caller, input }) => listComments(app, caller, input.videoId, pages(input)),
  replyList: ({ app, caller, input }) => listReplies(app, caller, input.commentId, pages(input)),
  like: async ({ app, caller, input }) => {
    const res = await likeVideo(app, caller, input.videoId)
    return new Answer(res, res.liked ? '已点赞' : '已取消点赞')
  },
  addComment: async ({ app, caller, input }) =>
    new Answer(
      await addComment(app, caller, { videoId: input.videoId, content: input.content ?? '' }),
      '评论成功',
    ),
  addReply: async ({ app, caller, input }) =>
    new Answer(
      await addReply(app, caller, {
        commentId: input.commentId,
        content: input.content ?? '',
        replyToUserId: input.replyToUserId,
      }),
      '回复成功',
    ),
  likeComment: async ({ app, caller, input }) => {
    const res = await likeComment(app, caller, input.commentId)
    return new Answer(res, res.liked ? '已点赞' : '已取消点赞')
  },
})
