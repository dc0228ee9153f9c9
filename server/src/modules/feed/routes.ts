import { callerOf, type CallContext, type Handler } from '../../http/call'
import type { QueryRoute } from '../../http/dispatcher'
import { Answer } from '../../http/envelope'
import type { RestRoute } from '../../http/rest'
import { addComment, commentDetail, deleteComment, listComments } from './comments'
import {
  COMMENT_NOT_FOUND,
  optionalId,
  POST_NOT_FOUND,
  RAW_TEXT_MAX,
  readImages,
  readLike,
  readPaging,
  USER_NOT_FOUND,
} from './input'
import { deletePost, listPosts, postDetail, savePost, setLike } from './posts'

// ---- handlers: both call styles share them ------------------------------------------------

const postList: Handler = ({ app, params, caller }) =>
  listPosts(
    app,
    caller,
    { userId: optionalId(params, 'userId', USER_NOT_FOUND) },
    readPaging(params),
  )

const onePost: Handler = ({ app, params, caller }) =>
  postDetail(app, caller, params.id('id', POST_NOT_FOUND))

const commentList: Handler = ({ app, params, caller }) =>
  listComments(
    app,
    caller,
    {
      postId: optionalId(params, 'postId', POST_NOT_FOUND),
      parentId: optionalId(params, 'parentId', COMMENT_NOT_FOUND),
    },
    readPaging(params),
  )

const oneComment: Handler = ({ app, params, caller }) =>
  commentDetail(app, caller, params.id('id', COMMENT_NOT_FOUND))

const addPost: Handler = async (call: CallContext) => {
  const content = call.params.text('content', RAW_TEXT_MAX)
  const images = readImages(call.req)
  return new Answer(await savePost(call.app, callerOf(call), { content, images }), '发表成功')
}

const removePost: Handler = async (call) => {
  await deletePost(call.app, callerOf(call), call.params.id('id', POST_NOT_FOUND))
  return new Answer(null, '已删除')
}

const like: Handler = async (call) => {
  const id = call.params.id('id', POST_NOT_FOUND)
  const res = await setLike(call.app, callerOf(call), id, readLike(call.params))
  return new Answer(res, res.liked ? '已点赞' : '已取消点赞')
}

const comment: Handler = async (call) => {
  const postId = call.params.id('postId', POST_NOT_FOUND)
  const parentId = optionalId(call.params, 'parentId', COMMENT_NOT_FOUND)
  const content = call.params.text('content', RAW_TEXT_MAX)
  return new Answer(
    await addComment(call.app, callerOf(call), { postId, parentId, content }),
    '评论成功',
  )
}

const removeComment: Handler = async (call) => {
  await deleteComment(call.app, callerOf(call), call.params.id('id', COMMENT_NOT_FOUND))
  return new Answer(null, '已删除')
}

// ---- the two styles ---------------------------------------------------------------------------

export const feedQueryRoutes: QueryRoute[] = [
  { name: 'App.Publication.PubList', method: 'GET', auth: false, handler: postList },
  { name: 'App.Publication.PubDetail', method: 'GET', auth: false, handler: onePost },
  { name: 'App.Publication.PubCommentList', method: 'GET', auth: false, handler: commentList },
  { name: 'App.Publication.PubCommentDetail', method: 'GET', auth: false, handler: oneComment },
  { name: 'User.Publication.AddPub', method: 'POST', auth: true, handler: addPost },
  { name: 'User.Publication.DeletePub', method: 'POST', auth: true, handler: removePost },
  { name: 'User.Publication.SetPubLike', method: 'POST', auth: true, handler: like },
  { name: 'User.Publication.AddPubComment', method: 'POST', auth: true, handler: comment },
  { name: 'User.Publication.DeletePubComment', method: 'POST', auth: true, handler: removeComment },
]

const rest = (
  method: RestRoute['method'],
  name: string,
  auth: boolean,
  handler: Handler,
): RestRoute => ({ method, url: `/api/publication/${name}`, auth, handler })

export const feedRestRoutes: RestRoute[] = [
  rest('GET', 'findPublicationFrame', false, postList),
  rest('GET', 'findPublicationFrameDetailed', false, onePost),
  rest('GET', 'findPublicationComment', false, commentList),
  rest('POST', 'savePublicationFrame', true, addPost),
  rest('DELETE', 'deletePublicationFrame', true, removePost),
  rest('POST', 'saveUserGive', true, like),
  rest('POST', 'addPublicationComment', true, comment),
  rest('DELETE', 'deletePublicationComment', true, removeComment),
]
