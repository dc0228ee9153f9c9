/**
 * The feed calls (app-spec section 7, "Feed", REST style), one function each, typed by
 * types/api/feed.ts. The query-style twins on the server are the same services.
 */
import type {
  AddCommentReq,
  Comment,
  CommentDetail,
  CommentListReq,
  LikePostRes,
  Post,
  PostListReq,
  SavePostReq,
} from '@/types/api/feed'
import type { Page } from '@/types/api/envelope'
import { callQuery, callRest } from '@/core/request'

const GET = { method: 'GET' } as const
const DELETE = { method: 'DELETE' } as const

export const fetchPosts = (req: PostListReq): Promise<Page<Post>> =>
  callRest<Page<Post>>('/api/publication/findPublicationFrame', { ...req }, GET)

export const fetchPost = (id: number): Promise<Post> =>
  callRest<Post>('/api/publication/findPublicationFrameDetailed', { id }, GET)

/** Images go as a JSON array (the body is JSON for this call). */
export const savePost = (req: SavePostReq): Promise<Post> =>
  callRest<Post>('/api/publication/savePublicationFrame', { ...req }, { json: true })

export const deletePost = (id: number): Promise<unknown> =>
  callRest('/api/publication/deletePublicationFrame', { id }, DELETE)

export const likePost = (id: number, like: boolean): Promise<LikePostRes> =>
  callRest<LikePostRes>('/api/publication/saveUserGive', { id, like: like ? 1 : 0 })

export const fetchComments = (req: CommentListReq): Promise<Page<Comment>> =>
  callRest<Page<Comment>>('/api/publication/findPublicationComment', { ...req }, GET)

export const fetchCommentDetail = (id: number): Promise<CommentDetail> =>
  callQuery<CommentDetail>('App.Publication.PubCommentDetail', { id }, GET)

export const addComment = (req: AddCommentReq): Promise<Comment> =>
  callRest<Comment>('/api/publication/addPublicationComment', { ...req })

export const deleteComment = (id: number): Promise<unknown> =>
  callRest('/api/publication/deletePublicationComment', { id }, DELETE)
