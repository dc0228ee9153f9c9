/**
 * The feed calls (app-spec section 7, "Feed"), one function each, sent through the refs generated
 * from their declarations in types/api/feed.ts.
 */
import * as feedCalls from '@/types/api/calls/feed.gen'
import type { Page } from '@/types/api/envelope'
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
import { call } from '@/core/request'

export const fetchPosts = (req: PostListReq): Promise<Page<Post>> =>
  call(feedCalls.postList.rest, req)

export const fetchPost = (id: number): Promise<Post> => call(feedCalls.postDetail.rest, { id })

/** Images go as a JSON array (the declaration's body is JSON). */
export const savePost = (req: SavePostReq): Promise<Post> => call(feedCalls.savePost.rest, req)

export const deletePost = (id: number): Promise<null> => call(feedCalls.deletePost.rest, { id })

export const likePost = (id: number, like: boolean): Promise<LikePostRes> =>
  call(feedCalls.likePost.rest, { id, like: like ? 1 : 0 })

export const fetchComments = (req: CommentListReq): Promise<Page<Comment>> =>
  call(feedCalls.commentList.rest, req)

export const fetchCommentDetail = (id: number): Promise<CommentDetail> =>
  call(feedCalls.commentDetail.query, { id })

export const addComment = (req: AddCommentReq): Promise<Comment> =>
  call(feedCalls.addComment.rest, req)

export const deleteComment = (id: number): Promise<null> =>
  call(feedCalls.deleteComment.rest, { id })
