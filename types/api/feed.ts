/**
 * The feed contract (app-spec section 7, "Feed"): reading reports (posts), likes and comments. The
 * REST calls (/api/publication/*) and the query-style ones (App.Publication.*, User.Publication.*)
 * are the same services and answer the same shapes. Times are unix seconds; lists are `Page<T>`,
 * newest first with ties by id. All user text is plain text: the app shows it as text, never HTML.
 */

/** Who wrote something, as a list shows them. */
export interface FeedAuthor {
  userId: number
  nickname: string
  avatar: string
}

export interface Post {
  id: number
  author: FeedAuthor
  content: string
  /** URL paths of the post's images (0..9), in order. */
  images: string[]
  likeCount: number
  commentCount: number
  /** The caller likes it (false for a guest). */
  liked: boolean
  /** The caller wrote it (may delete it). */
  mine: boolean
  createdAt: number
}

/**
 * GET /api/publication/findPublicationFrame and App.Publication.PubList (public): the feed, or one
 * person's posts with `userId`. Posts by people the caller blocked are left out.
 */
export interface PostListReq {
  userId?: number
  page?: number
  /** 1..50, default 10. */
  pageSize?: number
}

/** GET /api/publication/findPublicationFrameDetailed and App.Publication.PubDetail (public; `id`). */
export interface PostDetailReq {
  id: number
}

/**
 * POST /api/publication/savePublicationFrame and User.Publication.AddPub (login). `content` 1..
 * Limits.postMaxChars after trimming (may be empty when there are images); `images` 0..9 URL paths
 * the caller uploaded with App.Common_File.Upload (sent as a JSON array, or as repeated/comma-joined
 * form fields). Refused with a message when the text holds blocked words.
 */
export interface SavePostReq {
  content: string
  images?: string[]
}

/** DELETE /api/publication/deletePublicationFrame?id= and POST User.Publication.DeletePub (login; author only). */
export interface DeletePostReq {
  id: number
}

/** POST /api/publication/saveUserGive and User.Publication.SetPubLike (login): like (1) or unlike (0). */
export interface LikePostReq {
  id: number
  like: 0 | 1
}
export interface LikePostRes {
  liked: boolean
  likeCount: number
}

export interface Comment {
  id: number
  postId: number
  author: FeedAuthor
  content: string
  /** The comment this one replies to (a reply in a thread), or null for a top-level comment. */
  parentId: number | null
  /** The person replied to, for "A 回复 B". */
  replyTo: FeedAuthor | null
  /** Top-level comments: how many replies they have. */
  replyCount: number
  /** The caller may delete it: its author, or the author of the post. */
  canDelete: boolean
  createdAt: number
}

/**
 * GET /api/publication/findPublicationComment and App.Publication.PubCommentList (public): a post's
 * top-level comments (`postId`), or the replies to one comment (`parentId`), oldest first.
 * Comments by people the caller blocked are left out.
 */
export interface CommentListReq {
  postId?: number
  parentId?: number
  page?: number
  pageSize?: number
}

/** GET App.Publication.PubCommentDetail (public; `id`): a comment with its first replies. */
export interface CommentDetail extends Comment {
  replies: Comment[]
}

/**
 * POST /api/publication/addPublicationComment and User.Publication.AddPubComment (login): a comment
 * on a post, or a reply to a comment with `parentId` (replies to a reply join its thread).
 * 1..Limits.commentMaxChars, blocked words refused; someone the post's author blocked gets 403.
 */
export interface AddCommentReq {
  postId: number
  parentId?: number
  content: string
}

/**
 * DELETE /api/publication/deletePublicationComment?id= and POST User.Publication.DeletePubComment
 * (login): by the comment's author or the post's author; 403 for anyone else.
 */
export interface DeleteCommentReq {
  id: number
}
