/**
 * The video calls (issue 15; app-spec section 7 "Video"), one function each, sent through the refs
 * generated from their declarations in types/api/video.ts: browsing (channels, albums, lists,
 * search), playing (detail, play and share counts, likes), comments with replies and their likes,
 * and the reader's own videos and albums (publish with progress and 取消, edit, delete).
 * Where a call has both styles the query style is used (the REST twin serves the same service).
 * The home page's row has its own module (homeRow.ts), so the main package carries one call only.
 */
import * as videoCalls from '@/types/api/calls/video.gen'
import type { Page } from '@/types/api/envelope'
import type {
  AddAlbumReq,
  AlbumListReq,
  BookVideo,
  MyVideo,
  MyVideoListReq,
  ShopVideosReq,
  UpdateAlbumReq,
  UpdateVideoReq,
  UploadVideoFields,
  VideoAlbum,
  VideoAlbumDetail,
  VideoAlbumTag,
  VideoChannel,
  VideoComment,
  VideoCommentThread,
  VideoCountRes,
  VideoDetail,
  VideoLikeRes,
  VideoListReq,
  VideoSummary,
} from '@/types/api/video'
import { call, uploadFile } from '@/core/request'
import { queryPath } from '@/core/encode'
import { VideoLimits } from '@rules/video'

export const VIDEO_PAGE_SIZE = VideoLimits.pageSize

// ---- browsing -----------------------------------------------------------------

export const fetchChannels = (): Promise<VideoChannel[]> => call(videoCalls.channelList.query, {})

export const fetchAlbumTags = (): Promise<VideoAlbumTag[]> =>
  call(videoCalls.albumTagList.query, {})

/** Albums: with a tag, in a channel, or one person's (`userId`: mine shows all of mine). */
export const fetchAlbums = (req: AlbumListReq): Promise<Page<VideoAlbum>> =>
  call(videoCalls.albumList.query, req)

/** Published videos: a channel's, an album's, or those whose title or author has `keyword`. */
export const fetchVideos = (req: VideoListReq): Promise<Page<VideoSummary>> =>
  call(videoCalls.videoList.query, req)

export const fetchAlbum = (id: number): Promise<VideoAlbumDetail> =>
  call(videoCalls.albumDetail.query, { id })

/** A person's published videos (their profile). */
export const fetchUserVideos = (
  userId: number,
  page: number,
  pageSize: number = VIDEO_PAGE_SIZE,
): Promise<Page<VideoSummary>> => call(videoCalls.userVideos.rest, { userId, page, pageSize })

/** Published videos, most played first. */
export const fetchMostPlayed = (
  page: number,
  pageSize: number = VIDEO_PAGE_SIZE,
): Promise<Page<VideoSummary>> => call(videoCalls.mostPlayed.rest, { page, pageSize })

/** Published videos about a book (or about any book), each with its book. */
export const fetchBookVideos = (req: ShopVideosReq): Promise<Page<BookVideo>> =>
  call(videoCalls.shopVideos.rest, req)

// ---- playing ------------------------------------------------------------------

export const fetchVideo = (id: number): Promise<VideoDetail> =>
  call(videoCalls.videoDetail.query, { id })

/** Counting a play is background work: a failure is not worth a toast. */
export const countPlay = (id: number): Promise<VideoCountRes> =>
  call(videoCalls.countPlay.query, { id }, { silent: true })

/** Counting a share, as a play: silent. */
export const countShare = (id: number): Promise<VideoCountRes> =>
  call(videoCalls.countShare.query, { id }, { silent: true })

/** Likes the video, or unlikes it when liked. */
export const toggleVideoLike = (videoId: number): Promise<VideoLikeRes> =>
  call(videoCalls.like.rest, { videoId })

// ---- comments -----------------------------------------------------------------

/** Top-level comments, newest first, each with its first replies. */
export const fetchComments = (
  videoId: number,
  page: number,
  pageSize: number = VIDEO_PAGE_SIZE,
): Promise<Page<VideoCommentThread>> =>
  call(videoCalls.commentList.rest, { videoId, page, pageSize })

/** A top-level comment's replies, oldest first. */
export const fetchReplies = (
  commentId: number,
  page: number,
  pageSize: number = VIDEO_PAGE_SIZE,
): Promise<Page<VideoComment>> => call(videoCalls.replyList.rest, { commentId, page, pageSize })

export const addVideoComment = (videoId: number, content: string): Promise<VideoComment> =>
  call(videoCalls.addComment.rest, { videoId, content })

/** A reply to a comment or to a reply (it joins that thread), answering `replyToUserId`. */
export const addVideoReply = (
  commentId: number,
  content: string,
  replyToUserId?: number,
): Promise<VideoComment> => call(videoCalls.addReply.rest, { commentId, content, replyToUserId })

/** Likes a comment or reply, or unlikes it when liked. */
export const toggleCommentLike = (commentId: number): Promise<VideoLikeRes> =>
  call(videoCalls.likeComment.rest, { commentId })

// ---- my videos and albums -------------------------------------------------------

/** My videos in every state, or one `state`, newest first. */
export const fetchMyVideos = (req: MyVideoListReq): Promise<Page<MyVideo>> =>
  call(videoCalls.myVideoList.query, req)

/** One of my videos with its review state and reason. */
export const fetchMyVideo = (id: number): Promise<VideoDetail> =>
  call(videoCalls.mySubmission.rest, { id })

export const updateVideo = (req: UpdateVideoReq): Promise<MyVideo> =>
  call(videoCalls.update.query, req)

export const removeVideo = (id: number): Promise<unknown> => call(videoCalls.remove.query, { id })

export const addAlbum = (req: AddAlbumReq): Promise<VideoAlbum> =>
  call(videoCalls.addAlbum.query, req)

export const updateAlbum = (req: UpdateAlbumReq): Promise<VideoAlbumDetail> =>
  call(videoCalls.updateAlbum.query, req)

export const removeAlbum = (id: number): Promise<unknown> =>
  call(videoCalls.removeAlbum.query, { id })

/** What the page follows of an upload under way. */
export interface UploadControl {
  /** 0..1 of the file sent. */
  onProgress: (progress: number) => void
  /** Called once the upload has started, with what stops it (取消): the promise then rejects. */
  onAbortable?: (abort: () => void) => void
}

/** Where User.Videos.AddVideo is sent (a multipart upload, not a form call). */
const UPLOAD_URL = queryPath(videoCalls.upload.query.path)

/**
 * Publishes a video (pending review): the fields go as form data, before the file part, as the
 * server reads them; the file in field `file`.
 */
export const uploadVideo = (
  fields: UploadVideoFields,
  filePath: string,
  control: UploadControl,
): Promise<VideoDetail> =>
  uploadFile<VideoDetail>({
    url: UPLOAD_URL,
    filePath,
    name: 'file',
    formData: {
      title: fields.title,
      description: fields.description ?? '',
      channelId: fields.channelId,
      ...(fields.albumId ? { albumId: fields.albumId } : {}),
      cover: fields.cover ?? '',
      ...(fields.bookId ? { bookId: fields.bookId } : {}),
    },
    onProgress: control.onProgress,
    onAbortable: control.onAbortable,
  })
