/**
 * The video contract (issue 15; app-spec section 7 "Video"): channels (频道), albums (专辑: an
 * ordered set of one owner's videos, or the house's, with tags), short videos about books (at most
 * 60 s), plays and shares counted, likes, comments with replies and comment likes, and publishing
 * (reviewed by an operator, kind 'video' of types/api/review.ts).
 *
 * - Published = approved. A reader's video is 审核中 ('pending') until an operator approves it or
 *   rejects it with a reason that only the owner (and an operator) sees. House videos (no owner) are
 *   approved. A video that is not published answers 404 '视频不存在' to anyone but its owner and
 *   operators (whose VideoDetail shows it, to review it); lists, counts and albums show others only
 *   published videos. Editing or deleting someone else's video is 403 when it is published, else
 *   404 as for a missing one (albums alike: 404 while others see none of its videos).
 * - The file is not an API call: GET /api/video/file?id=<id> (rules/video.ts VIDEO_FILE_PATH, and
 *   `fileUrl` of a detail) streams it with its Content-Type (video/mp4 or video/quicktime), ETag,
 *   Last-Modified and HTTP ranges (206, 416). A published video is served to anyone; one that is not,
 *   only to its owner or an operator: with the access token in the Authorization header, or by the
 *   `fileUrl` the detail answers them, signed for one hour (`&uid=&exp=&sig=`; a player sends no
 *   header); anyone else, or an altered or expired signature, gets 404.
 *   Seeded clips have `fileUrl` /api/seed-assets/videos/<name>.mp4 (ranges too).
 * - Publishing (User.Videos.AddVideo, REST saveAppVideosAdmin) is multipart: the form fields of
 *   UploadVideoFields (`title`, `description`, `channelId`, `albumId`, `cover`, `bookId`; the app
 *   sends them as Taro.uploadFile's formData, which goes before the file) and then the file in field
 *   `file`; send the fields first (they are checked before the file is stored; fields after the
 *   file may be missed) or in the query string. At most
 *   100 MB ('视频不能超过100MB'); MP4 or MOV told by the content (an ISO BMFF file with a video
 *   track), else '请上传MP4或MOV格式的视频'; the duration is read from the file on the server: over
 *   60 s '视频时长不能超过60秒'. A refused file leaves nothing on disk. At most
 *   VideoLimits.uploadsPerDay (10) uploads in any 24 hours (429; deleting one gives none back). An
 *   album holds at most VideoLimits.albumMaxVideos (100): AddVideo or UpdateVideo into a full one is
 *   400 '一个专辑最多100个视频'. `cover` is an image URL from the
 *   image upload (App.Common_File.Upload), e.g. the first frame the app drew; '' leaves none.
 * - Plays and shares (RefreshVideoReadingNumber / RefreshVideoSharesNumber) count once per viewer
 *   (a reader, or a guest by address and browser) per video per hour; `counted` says whether this
 *   call counted.
 * - Comments: top-level comments newest first, each with its first replies; replies oldest first.
 *   Blocked words, blocks (someone the video's author, or the replied comment's author, blocked
 *   cannot comment, reply or like) and the feed's rates apply; comments, replies and likes notify.
 *
 * Times are unix seconds. Texts are plain text, trimmed; lengths in characters (code points).
 */
import { VIDEO_REVIEW_STATES, VideoLimits, VideoText } from '@rules/video'
import {
  call,
  Clearable,
  Id,
  NoData,
  NoInput,
  OneOf,
  OptionalId,
  PageOf,
  Paging,
  Required,
  Text,
  Trimmed,
  Type,
  type CallInput,
  type Static,
} from './contract'

export { VideoLimits, VideoText }

/** Longest texts read before the rules count characters (the rules then give the message). */
export const TITLE_READ_MAX = VideoLimits.titleMaxChars * 4
export const DESCRIPTION_READ_MAX = VideoLimits.descriptionMaxChars * 4
export const ALBUM_TITLE_READ_MAX = VideoLimits.albumTitleMaxChars * 4
export const ALBUM_INTRO_READ_MAX = VideoLimits.albumIntroMaxChars * 4
export const KEYWORD_READ_MAX = 200
export const COMMENT_READ_MAX = 20_000
export const COVER_READ_MAX = 1000

const INT_MAX = 2_147_483_647

const ReviewState = Type.Union(VIDEO_REVIEW_STATES.map((s) => Type.Literal(s)))

/** A channel (频道) with how many published videos it has. */
export const VideoChannel = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** An image URL, or '' (the app shows a default icon). */
  icon: Type.String(),
  videoCount: Type.Integer(),
})
export type VideoChannel = Static<typeof VideoChannel>

export const VideoAlbumTag = Type.Object({ id: Type.Integer(), name: Type.String() })
export type VideoAlbumTag = Static<typeof VideoAlbumTag>

/** Who published a video or made an album. */
export const VideoAuthor = Type.Object({
  id: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.String(),
})
export type VideoAuthor = Static<typeof VideoAuthor>

const summaryFields = {
  id: Type.Integer(),
  title: Type.String(),
  /** An image URL, or '' (the app shows a placeholder). */
  cover: Type.String(),
  durationMs: Type.Integer(),
  /** Pixels of the video track (0 when unknown): the play page picks portrait or landscape. */
  width: Type.Integer(),
  height: Type.Integer(),
  playCount: Type.Integer(),
  shareCount: Type.Integer(),
  likeCount: Type.Integer(),
  commentCount: Type.Integer(),
  channelId: Type.Integer(),
  channelName: Type.String(),
  /** The album it is in, or null. */
  albumId: Type.Union([Type.Integer(), Type.Null()]),
  /** The publisher; null for the house's own videos. */
  author: Type.Union([VideoAuthor, Type.Null()]),
  createdAt: Type.Integer(),
}

/** A published video in a list. */
export const VideoSummary = Type.Object(summaryFields)
export type VideoSummary = Static<typeof VideoSummary>

const ownFields = {
  description: Type.String(),
  /** 'pending' 审核中, 'approved' 已发布, 'rejected' 未通过. */
  reviewState: ReviewState,
  /** Why the review did not pass ('' unless rejected; only ever shown to the owner). */
  reviewReason: Type.String(),
  albumTitle: Type.String(),
  updatedAt: Type.Integer(),
}

/** One of my videos (my submissions), any state. */
export const MyVideo = Type.Object({ ...summaryFields, ...ownFields })
export type MyVideo = Static<typeof MyVideo>

export const VideoRef = Type.Object({ id: Type.Integer(), title: Type.String() })
export type VideoRef = Static<typeof VideoRef>

export const VideoBook = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  cover: Type.String(),
})
export type VideoBook = Static<typeof VideoBook>

/** The play page's video. */
export const VideoDetail = Type.Object({
  ...summaryFields,
  ...ownFields,
  /**
   * Where the file is played: /api/video/file?id=<id> (for the owner or an operator of a video
   * that is not published, with a signature good for an hour), or a seeded clip's
   * /api/seed-assets/videos/<name>.
   */
  fileUrl: Type.String(),
  /** Bytes. */
  fileSize: Type.Integer(),
  /** video/mp4 or video/quicktime. */
  mime: Type.String(),
  /** The publisher, with whether the caller follows them; null for the house's own. */
  author: Type.Union([
    Type.Object({
      id: Type.Integer(),
      nickname: Type.String(),
      avatar: Type.String(),
      followed: Type.Boolean(),
    }),
    Type.Null(),
  ]),
  /** The album, and the next published video in it (null at its end or outside an album). */
  album: Type.Union([VideoRef, Type.Null()]),
  nextInAlbum: Type.Union([VideoRef, Type.Null()]),
  /** The book the clip is about (相关图书), or null. */
  book: Type.Union([VideoBook, Type.Null()]),
  /** The caller likes it (false for a guest). */
  liked: Type.Boolean(),
  /** The caller published it (may edit and delete it). */
  mine: Type.Boolean(),
})
export type VideoDetail = Static<typeof VideoDetail>

/** A published video about a book, with the book (findShopVideosList). */
export const BookVideo = Type.Object({ ...summaryFields, book: VideoBook })
export type BookVideo = Static<typeof BookVideo>

export const VideoAlbum = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  intro: Type.String(),
  /** The album's cover, else its first video's, else ''. */
  cover: Type.String(),
  channelId: Type.Union([Type.Integer(), Type.Null()]),
  tags: Type.Array(VideoAlbumTag),
  /** Published videos (the owner's own count: all of them). */
  videoCount: Type.Integer(),
  /** The maker; null for the house's albums. */
  owner: Type.Union([VideoAuthor, Type.Null()]),
  /** The caller made it. */
  mine: Type.Boolean(),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
})
export type VideoAlbum = Static<typeof VideoAlbum>

/** A video in an album, in album order (the owner also sees their unpublished ones). */
export const AlbumVideo = Type.Object({ ...summaryFields, reviewState: ReviewState })
export type AlbumVideo = Static<typeof AlbumVideo>

export const VideoAlbumDetail = Type.Object({
  album: VideoAlbum,
  videos: Type.Array(AlbumVideo),
})
export type VideoAlbumDetail = Static<typeof VideoAlbumDetail>

export const VideoCountRes = Type.Object({
  /** The play (or share) count now. */
  count: Type.Integer(),
  /** This call counted (false: the same viewer within the hour, or my own unpublished video). */
  counted: Type.Boolean(),
})
export type VideoCountRes = Static<typeof VideoCountRes>

export const VideoLikeRes = Type.Object({ liked: Type.Boolean(), likeCount: Type.Integer() })
export type VideoLikeRes = Static<typeof VideoLikeRes>

const commentFields = {
  id: Type.Integer(),
  videoId: Type.Integer(),
  author: VideoAuthor,
  content: Type.String(),
  /** The top-level comment a reply belongs to; null for a top-level comment. */
  parentId: Type.Union([Type.Integer(), Type.Null()]),
  /** The person a reply answers, for "A 回复 B"; null when it answers the top-level comment's author. */
  replyTo: Type.Union([VideoAuthor, Type.Null()]),
  likeCount: Type.Integer(),
  /** Top-level comments: how many replies they have (0 for a reply). */
  replyCount: Type.Integer(),
  /** The caller likes it (false for a guest). */
  liked: Type.Boolean(),
  /** The caller wrote it. */
  mine: Type.Boolean(),
  createdAt: Type.Integer(),
}

export const VideoComment = Type.Object(commentFields)
export type VideoComment = Static<typeof VideoComment>

/** A top-level comment with its first replies (at most VideoLimits.commentReplyPreview, oldest first). */
export const VideoCommentThread = Type.Object({
  ...commentFields,
  replies: Type.Array(VideoComment),
})
export type VideoCommentThread = Static<typeof VideoCommentThread>

// ---- input pieces ---------------------------------------------------------

const videoId = { id: Id(VideoText.notFound) }
const albumId = { id: Id(VideoText.albumNotFound) }
/** An id where 0 means "none" (leave the album, no book), kept as 0; absent: unchanged. */
const ZeroableId = (error: string) =>
  Type.Optional(Type.Integer({ minimum: 0, maximum: INT_MAX, 'x-error': error }))
const IdList = (maxItems: number, error: string) =>
  Type.Array(Type.Integer({ minimum: 1, maximum: INT_MAX }), {
    maxItems,
    'x-list': true,
    'x-error': error,
  })

/**
 * The form fields of an upload (User.Videos.AddVideo / saveAppVideosAdmin), sent before the file
 * part (or in the query string). Checked like a call's input: `title` 1..30 ('请输入视频标题'),
 * `description` at most 200, `channelId` an existing channel ('请选择频道'), `albumId` one of my
 * albums, `cover` an image URL I uploaded, `bookId` a listed book.
 */
export const UploadVideoFields = Type.Object({
  title: Required(VideoText.titleMissing, TITLE_READ_MAX),
  description: Type.Optional(Trimmed(DESCRIPTION_READ_MAX)),
  channelId: Id(VideoText.channelMissing),
  albumId: OptionalId(VideoText.albumNotFound),
  cover: Type.Optional(Trimmed(COVER_READ_MAX)),
  bookId: OptionalId(VideoText.bookNotFound),
})
export type UploadVideoFields = Static<typeof UploadVideoFields>

const PAGES = `pages of 1..${VideoLimits.pageSizeMax} (default ${VideoLimits.pageSize})`

export const videoApi = {
  channelList: call({
    summary: 'The channels (频道) in display order, each with how many published videos it has.',
    auth: false,
    rest: { method: 'GET', path: '/api/video/findChannelClassificationAppList' },
    query: { method: 'GET', name: 'App.ChannelClassification.ChannelQuery' },
    input: NoInput,
    answer: Type.Array(VideoChannel),
  }),
  albumTagList: call({
    summary: "The albums' tags in display order.",
    auth: false,
    query: { method: 'GET', name: 'App.Videos.VideoAlbumTagQuery' },
    input: NoInput,
    answer: Type.Array(VideoAlbumTag),
  }),
  albumList: call({
    summary: `Albums, last changed first: \`tagId\` with a tag, \`channelId\` in a channel, \`userId\` one person's (the house's when absent: all). Others see an album once it has a published video; my own always. ${PAGES}.`,
    auth: false,
    query: { method: 'GET', name: 'App.Videos.VideoAlbumList' },
    input: Type.Object({
      tagId: OptionalId(VideoText.tagInvalid),
      channelId: OptionalId(VideoText.channelMissing),
      userId: OptionalId(VideoText.userNotFound),
      ...Paging,
    }),
    answer: PageOf(VideoAlbum),
  }),
  videoList: call({
    summary: `Published videos, newest first: \`channelId\` one channel, \`albumId\` one album (in album order), \`keyword\` (at most 30 characters, else 400 '搜索词不能超过30个字') in the title or the author's nickname (the search page); ${PAGES}.`,
    auth: false,
    rest: { method: 'GET', path: '/api/video/findAppVideosList' },
    query: { method: 'GET', name: 'App.Videos.VideoList' },
    input: Type.Object({
      channelId: OptionalId(VideoText.channelMissing),
      albumId: OptionalId(VideoText.albumNotFound),
      keyword: Type.Optional(Trimmed(KEYWORD_READ_MAX)),
      ...Paging,
    }),
    answer: PageOf(VideoSummary),
  }),
  albumDetail: call({
    summary:
      "An album with its videos in order: others see its published videos (an album with none: 404 '专辑不存在'), its owner all of theirs with their states.",
    auth: false,
    query: { method: 'GET', name: 'App.Videos.VideoAlbumDetail' },
    input: Type.Object(albumId),
    answer: VideoAlbumDetail,
  }),
  videoDetail: call({
    summary:
      "A published video, or one of mine in any state (anyone else's unpublished: 404 '视频不存在'), with the file URL, the author (followed), liked, the album and the next video in it, the book. `reviewReason` is '' for anyone but the owner.",
    auth: false,
    rest: { method: 'GET', path: '/api/video/findAppVideosReadingDetail' },
    query: { method: 'GET', name: 'App.Videos.VideoDetail' },
    input: Type.Object(videoId),
    answer: VideoDetail,
  }),
  countPlay: call({
    summary:
      'Counts a play of a published video (guests too): once per viewer (a reader; a guest by address and browser) per video per hour; answers the count and whether this call counted.',
    auth: false,
    query: { method: 'POST', name: 'App.Videos.RefreshVideoReadingNumber' },
    input: Type.Object(videoId),
    answer: VideoCountRes,
  }),
  countShare: call({
    summary:
      'Counts a share of a published video, as RefreshVideoReadingNumber counts plays (once per viewer per video per hour).',
    auth: false,
    query: { method: 'POST', name: 'App.Videos.RefreshVideoSharesNumber' },
    input: Type.Object(videoId),
    answer: VideoCountRes,
  }),
  homeRow: call({
    summary: `The home page's video row: up to ${VideoLimits.homeRowSize} published videos, newest first.`,
    auth: false,
    query: { method: 'GET', name: 'App.Index.VideoList' },
    input: NoInput,
    answer: Type.Array(VideoSummary),
  }),
  userVideos: call({
    summary: `A person's published videos, newest first (an unknown person: 404 '用户不存在'); ${PAGES}.`,
    auth: false,
    rest: { method: 'GET', path: '/api/video/findUserIdSentVideos' },
    input: Type.Object({ userId: Id(VideoText.userNotFound), ...Paging }),
    answer: PageOf(VideoSummary),
  }),
  mostPlayed: call({
    summary: `Published videos, most played first (ties newest first); ${PAGES}.`,
    auth: false,
    rest: { method: 'GET', path: '/api/video/findAppVideosReadingList' },
    input: Type.Object({ ...Paging }),
    answer: PageOf(VideoSummary),
  }),
  shopVideos: call({
    summary: `Published videos about a book (\`bookId\`; absent: about any book), newest first, each with its book; ${PAGES}.`,
    auth: false,
    rest: { method: 'GET', path: '/api/video/findShopVideosList' },
    input: Type.Object({ bookId: OptionalId(VideoText.bookNotFound), ...Paging }),
    answer: PageOf(BookVideo),
  }),
  myVideoList: call({
    summary: `My videos (my submissions) in every state or one \`state\` (pending 审核中, approved 已发布, rejected 未通过, with the reason), newest first; ${PAGES}.`,
    auth: true,
    rest: { method: 'GET', path: '/api/video/findVideosAuditApp' },
    query: { method: 'GET', name: 'User.Videos.MyVideoList' },
    input: Type.Object({
      state: Type.Optional(OneOf(VIDEO_REVIEW_STATES, '审核状态不正确')),
      ...Paging,
    }),
    answer: PageOf(MyVideo),
  }),
  mySubmission: call({
    summary: "One of my videos with its review state and reason (anyone else's: 404 '视频不存在').",
    auth: true,
    rest: { method: 'GET', path: '/api/video/findVideosAuditAppDetail' },
    input: Type.Object(videoId),
    answer: VideoDetail,
  }),
  upload: call({
    summary:
      "Publishes a video (multipart: the fields of UploadVideoFields before the file in field `file`): pending review. At most 100 MB (400 '视频不能超过100MB'); MP4 or MOV with a video track by content (else 400 '请上传MP4或MOV格式的视频'); at most 60 s read from the file (else 400 '视频时长不能超过60秒'); nothing kept when refused. At most 10 uploads in any 24 hours (429).",
    auth: true,
    rest: { method: 'POST', path: '/api/video/saveAppVideosAdmin' },
    query: { method: 'POST', name: 'User.Videos.AddVideo' },
    body: 'multipart',
    input: NoInput,
    answer: VideoDetail,
  }),
  update: call({
    summary:
      "Edits one of my videos (someone else's: 403 '只能修改自己的视频'): a changed title, description or cover sends it back to review (pending, the reason cleared), and so does any edit of a rejected video (a resubmission). `albumId` 0 takes it out of its album (else one of my albums: it goes last), `bookId` 0 clears the book, `description` or `cover` sent empty clears it.",
    auth: true,
    query: { method: 'POST', name: 'User.Videos.UpdateVideo' },
    input: Type.Object({
      ...videoId,
      title: Type.Optional(Trimmed(TITLE_READ_MAX)),
      description: Type.Optional(Clearable(DESCRIPTION_READ_MAX)),
      channelId: OptionalId(VideoText.channelMissing),
      albumId: ZeroableId(VideoText.albumNotFound),
      cover: Type.Optional(Clearable(COVER_READ_MAX)),
      bookId: ZeroableId(VideoText.bookNotFound),
    }),
    answer: MyVideo,
  }),
  remove: call({
    summary:
      "Deletes one of my videos with its file, cover, comments and likes (someone else's: 403 '只能删除自己的视频').",
    auth: true,
    rest: { method: 'DELETE', path: '/api/video/deleteAppVideos' },
    query: { method: 'POST', name: 'User.Videos.DeleteVideo' },
    input: Type.Object(videoId),
    answer: NoData,
  }),
  addAlbum: call({
    summary: `Makes an album: \`title\` 1..${VideoLimits.albumTitleMaxChars} ('请输入专辑名称'), \`intro\` at most ${VideoLimits.albumIntroMaxChars}, \`cover\` an image I uploaded, \`tagIds\` at most ${VideoLimits.albumMaxTags} existing tags, \`channelId\`.`,
    auth: true,
    query: { method: 'POST', name: 'User.VideosAlbum.AddVideoAlbum' },
    body: 'json',
    input: Type.Object({
      title: Required(VideoText.albumTitleMissing, ALBUM_TITLE_READ_MAX),
      intro: Type.Optional(Trimmed(ALBUM_INTRO_READ_MAX)),
      cover: Type.Optional(Trimmed(COVER_READ_MAX)),
      tagIds: Type.Optional(IdList(VideoLimits.albumMaxTags * 4, VideoText.tagInvalid)),
      channelId: OptionalId(VideoText.channelMissing),
    }),
    answer: VideoAlbum,
  }),
  updateAlbum: call({
    summary: `Edits one of my albums (someone else's: 403 '只能修改自己的专辑'). \`videoIds\`: the album's whole list in order (reorders, adds and removes; only my own videos, else 403 '只能添加自己的视频'; at most ${VideoLimits.albumMaxVideos}; a video moved here leaves its old album). \`tagIds\` replaces the tags; \`intro\` or \`cover\` sent empty clears it.`,
    auth: true,
    query: { method: 'POST', name: 'User.VideosAlbum.UpdateVideoAlbum' },
    body: 'json',
    input: Type.Object({
      ...albumId,
      title: Type.Optional(Trimmed(ALBUM_TITLE_READ_MAX)),
      intro: Type.Optional(Clearable(ALBUM_INTRO_READ_MAX)),
      cover: Type.Optional(Clearable(COVER_READ_MAX)),
      tagIds: Type.Optional(IdList(VideoLimits.albumMaxTags * 4, VideoText.tagInvalid)),
      channelId: ZeroableId(VideoText.channelMissing),
      videoIds: Type.Optional(IdList(VideoLimits.albumMaxVideos * 2, VideoText.notFound)),
    }),
    answer: VideoAlbumDetail,
  }),
  removeAlbum: call({
    summary:
      "Deletes one of my albums (someone else's: 403 '只能修改自己的专辑'); its videos stay, out of any album.",
    auth: true,
    query: { method: 'POST', name: 'User.VideosAlbum.DeleteVideoAlbum' },
    input: Type.Object(albumId),
    answer: NoData,
  }),
  commentList: call({
    summary: `A published video's top-level comments, newest first, each with its reply count, like count, liked and its first ${VideoLimits.commentReplyPreview} replies (oldest first); ${PAGES}.`,
    auth: false,
    rest: { method: 'GET', path: '/api/video/findVideosCommentList' },
    input: Type.Object({ videoId: Id(VideoText.notFound), ...Paging }),
    answer: PageOf(VideoCommentThread),
  }),
  replyList: call({
    summary: `The replies to a top-level comment, oldest first; ${PAGES}.`,
    auth: false,
    rest: { method: 'GET', path: '/api/video/findSubordinateVideosComment' },
    input: Type.Object({ commentId: Id(VideoText.commentNotFound), ...Paging }),
    answer: PageOf(VideoComment),
  }),
  like: call({
    summary:
      "Likes a published video, or unlikes it when liked (a toggle); answers the new state. Someone the author blocked: 403 '对方已将你拉黑，无法点赞'.",
    auth: true,
    rest: { method: 'POST', path: '/api/video/saveVideosUserGive' },
    input: Type.Object({ videoId: Id(VideoText.notFound) }),
    answer: VideoLikeRes,
  }),
  addComment: call({
    summary: `A top-level comment on a published video: 1..${VideoLimits.commentMaxChars} characters ('请输入评论内容'), blocked words refused; someone the author blocked: 403 '对方已将你拉黑，无法评论'. The author is told.`,
    auth: true,
    rest: { method: 'POST', path: '/api/video/saveVideosComment' },
    input: Type.Object({
      videoId: Id(VideoText.notFound),
      content: Type.Optional(Text(COMMENT_READ_MAX)),
    }),
    answer: VideoComment,
  }),
  addReply: call({
    summary:
      "A reply to a comment (`commentId`: a top-level comment, or a reply: it joins that reply's thread), to `replyToUserId` (default: that comment's author). Rules as a comment; someone the video's or the comment's author blocked: 403. The comment's author (and the one replied to) are told.",
    auth: true,
    rest: { method: 'POST', path: '/api/video/saveVideosReplyComment' },
    input: Type.Object({
      commentId: Id(VideoText.commentNotFound),
      content: Type.Optional(Text(COMMENT_READ_MAX)),
      replyToUserId: OptionalId(VideoText.userNotFound),
    }),
    answer: VideoComment,
  }),
  likeComment: call({
    summary:
      "Likes a comment or reply, or unlikes it when liked (a toggle); answers the new state. Someone the comment's author blocked: 403 '对方已将你拉黑，无法点赞'.",
    auth: true,
    rest: { method: 'POST', path: '/api/video/videosCommentLikeCancel' },
    input: Type.Object({ commentId: Id(VideoText.commentNotFound) }),
    answer: VideoLikeRes,
  }),
}

export type AlbumListReq = CallInput<typeof videoApi.albumList>
export type VideoListReq = CallInput<typeof videoApi.videoList>
export type UserVideosReq = CallInput<typeof videoApi.userVideos>
export type ShopVideosReq = CallInput<typeof videoApi.shopVideos>
export type MyVideoListReq = CallInput<typeof videoApi.myVideoList>
export type UpdateVideoReq = CallInput<typeof videoApi.update>
export type AddAlbumReq = CallInput<typeof videoApi.addAlbum>
export type UpdateAlbumReq = CallInput<typeof videoApi.updateAlbum>
export type CommentListReq = CallInput<typeof videoApi.commentList>
export type ReplyListReq = CallInput<typeof videoApi.replyList>
export type AddCommentReq = CallInput<typeof videoApi.addComment>
export type AddReplyReq = CallInput<typeof videoApi.addReply>
