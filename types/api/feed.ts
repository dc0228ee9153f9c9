/**
 * The feed contract (app-spec section 7, "Feed"): reading reports (posts), likes and comments. The
 * REST calls (/api/publication/*) and the query-style ones (App.Publication.*, User.Publication.*)
 * are the same services and answer the same shapes. Times are unix seconds; lists are pages,
 * newest first with ties by id. All user text is plain text: the app shows it as text, never HTML.
 */
import {
  call,
  Flag,
  Id,
  List,
  NoData,
  OptionalId,
  PageOf,
  Paging,
  Text,
  Type,
  type CallInput,
  type Static,
} from './contract'

export const POST_NOT_FOUND = '读后感不存在'
export const COMMENT_NOT_FOUND = '评论不存在'
export const USER_NOT_FOUND = '用户不存在'
export const IMAGE_INVALID = '图片无效'
/** Longest text accepted before the rules count characters (the rules then give the message). */
export const RAW_TEXT_MAX = 20_000

/** Who wrote something, as a list shows them. */
export const FeedAuthor = Type.Object({
  userId: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.String(),
})
export type FeedAuthor = Static<typeof FeedAuthor>

export const Post = Type.Object({
  id: Type.Integer(),
  author: FeedAuthor,
  content: Type.String(),
  /** URL paths of the post's images (0..9), in order. */
  images: Type.Array(Type.String()),
  likeCount: Type.Integer(),
  commentCount: Type.Integer(),
  /** The caller likes it (false for a guest). */
  liked: Type.Boolean(),
  /** The caller wrote it (may delete it). */
  mine: Type.Boolean(),
  createdAt: Type.Integer(),
})
export type Post = Static<typeof Post>

export const LikePostRes = Type.Object({ liked: Type.Boolean(), likeCount: Type.Integer() })
export type LikePostRes = Static<typeof LikePostRes>

const commentFields = {
  id: Type.Integer(),
  postId: Type.Integer(),
  author: FeedAuthor,
  content: Type.String(),
  /** The comment this one replies to (a reply in a thread), or null for a top-level comment. */
  parentId: Type.Union([Type.Integer(), Type.Null()]),
  /** The person replied to, for "A 回复 B". */
  replyTo: Type.Union([FeedAuthor, Type.Null()]),
  /** Top-level comments: how many replies they have. */
  replyCount: Type.Integer(),
  /** The caller may delete it: its author, or the author of the post. */
  canDelete: Type.Boolean(),
  createdAt: Type.Integer(),
}
export const Comment = Type.Object(commentFields)
export type Comment = Static<typeof Comment>

/** A comment with its first replies. */
export const CommentDetail = Type.Object({ ...commentFields, replies: Type.Array(Comment) })
export type CommentDetail = Static<typeof CommentDetail>

const byId = (error: string) => Type.Object({ id: Id(error) })

export const feedApi = {
  postList: call({
    summary:
      "The feed, or one person's posts with `userId`; posts by people the caller blocked are left out.",
    auth: false,
    rest: { method: 'GET', path: '/api/publication/findPublicationFrame' },
    query: { method: 'GET', name: 'App.Publication.PubList' },
    input: Type.Object({ userId: OptionalId(USER_NOT_FOUND), ...Paging }),
    answer: PageOf(Post),
  }),
  postDetail: call({
    summary: 'One post.',
    auth: false,
    rest: { method: 'GET', path: '/api/publication/findPublicationFrameDetailed' },
    query: { method: 'GET', name: 'App.Publication.PubDetail' },
    input: byId(POST_NOT_FOUND),
    answer: Post,
  }),
  savePost: call({
    summary:
      'A new post: `content` 1..Limits.postMaxChars after trimming (may be empty with images), 0..9 images uploaded by the caller; blocked words refused.',
    auth: true,
    rest: { method: 'POST', path: '/api/publication/savePublicationFrame' },
    query: { method: 'POST', name: 'User.Publication.AddPub' },
    body: 'json',
    input: Type.Object({
      content: Type.Optional(Text(RAW_TEXT_MAX)),
      images: Type.Optional(List(100, 1000, IMAGE_INVALID)),
    }),
    answer: Post,
  }),
  deletePost: call({
    summary: 'Deletes a post (its author only).',
    auth: true,
    rest: { method: 'DELETE', path: '/api/publication/deletePublicationFrame' },
    query: { method: 'POST', name: 'User.Publication.DeletePub' },
    input: byId(POST_NOT_FOUND),
    answer: NoData,
  }),
  likePost: call({
    summary: 'Like (1) or unlike (0) a post.',
    auth: true,
    rest: { method: 'POST', path: '/api/publication/saveUserGive' },
    query: { method: 'POST', name: 'User.Publication.SetPubLike' },
    input: Type.Object({ id: Id(POST_NOT_FOUND), like: Flag() }),
    answer: LikePostRes,
  }),
  commentList: call({
    summary:
      "A post's top-level comments (`postId`), or the replies to one comment (`parentId`), oldest first; comments by people the caller blocked are left out.",
    auth: false,
    rest: { method: 'GET', path: '/api/publication/findPublicationComment' },
    query: { method: 'GET', name: 'App.Publication.PubCommentList' },
    input: Type.Object({
      postId: OptionalId(POST_NOT_FOUND),
      parentId: OptionalId(COMMENT_NOT_FOUND),
      ...Paging,
    }),
    answer: PageOf(Comment),
  }),
  commentDetail: call({
    summary: 'A comment with its first replies.',
    auth: false,
    query: { method: 'GET', name: 'App.Publication.PubCommentDetail' },
    input: byId(COMMENT_NOT_FOUND),
    answer: CommentDetail,
  }),
  addComment: call({
    summary:
      "A comment on a post, or a reply with `parentId` (replies to a reply join its thread); 1..Limits.commentMaxChars, blocked words refused; someone the post's author blocked gets 403.",
    auth: true,
    rest: { method: 'POST', path: '/api/publication/addPublicationComment' },
    query: { method: 'POST', name: 'User.Publication.AddPubComment' },
    input: Type.Object({
      postId: Id(POST_NOT_FOUND),
      parentId: OptionalId(COMMENT_NOT_FOUND),
      content: Type.Optional(Text(RAW_TEXT_MAX)),
    }),
    answer: Comment,
  }),
  deleteComment: call({
    summary: "Deletes a comment (by its author or the post's author; 403 for anyone else).",
    auth: true,
    rest: { method: 'DELETE', path: '/api/publication/deletePublicationComment' },
    query: { method: 'POST', name: 'User.Publication.DeletePubComment' },
    input: byId(COMMENT_NOT_FOUND),
    answer: NoData,
  }),
}

export type PostListReq = CallInput<typeof feedApi.postList>
export type SavePostReq = CallInput<typeof feedApi.savePost>
export type CommentListReq = CallInput<typeof feedApi.commentList>
export type AddCommentReq = CallInput<typeof feedApi.addComment>
