/**
 * Video (issue 15): the limits, texts and checks the app's publish and album forms and the server
 * share. Pure: no Taro import. Lengths count characters (code points) after trimming, as every
 * text length of the API does.
 */
import { Limits } from './limits'
import { BLOCKED_TEXT_MESSAGE, findBlockedWords } from './moderation'
import { checkControlChars, textLength } from './validate'

export { BLOCKED_TEXT_MESSAGE }

export const VideoLimits = {
  titleMaxChars: 30,
  descriptionMaxChars: 200,
  /** A comment or a reply (as the feed's comments). */
  commentMaxChars: Limits.commentMaxChars,
  albumTitleMaxChars: 20,
  albumIntroMaxChars: 200,
  /** Tags one album may have. */
  albumMaxTags: 5,
  /** Videos one album may hold. */
  albumMaxVideos: 100,
  /** The longest video, read from the file by the server (the app checks it first). */
  durationMaxMs: 60_000,
  /** Containers round: a clip recorded with a 60 s limit may read 60.4 s. */
  durationSlackMs: 500,
  /**
   * A fragmented file's headers (mvhd, tkhd, mdhd, mehd) may give a length this far from what its
   * fragments add up to (rounding); further, or mehd short of them, and the file is refused.
   */
  durationHeaderToleranceMs: 1000,
  /** One uploaded video file, in bytes (100 MB). */
  fileMaxBytes: 100 * 1024 * 1024,
  /** Videos one reader may upload in any 24 hours. */
  uploadsPerDay: 10,
  /** A search keyword (matched in titles and authors' nicknames). */
  keywordMaxChars: 30,
  /** Plays and shares count once per viewer per video in this window. */
  countWindowMs: 60 * 60_000,
  /** The home page's video row. */
  homeRowSize: 6,
  /** Replies shown under each top-level comment in the comment list. */
  commentReplyPreview: 2,
  /** Lists: page size by default and at most. */
  pageSize: 10,
  pageSizeMax: 50,
} as const

/** Per-reader upload rate, in the RateRule shape (rules/limits.ts). */
export const VideoRates = {
  upload: {
    max: VideoLimits.uploadsPerDay,
    windowMs: 24 * 60 * 60_000,
    message: `每天最多发布${VideoLimits.uploadsPerDay}个视频，请明天再试`,
  },
} as const

/**
 * Where a video's file is played (GET, `?id=<video id>`; a video that is not published is served
 * to its owner or an operator only: the Authorization header, or the signed `fileUrl` the detail
 * answers them). Range requests work.
 */
export const VIDEO_FILE_PATH = '/api/video/file'
export const videoFileUrl = (id: number): string => `${VIDEO_FILE_PATH}?id=${id}`

/**
 * A video's review state: 'pending' 审核中, 'approved' 已发布 (published: the only state others
 * see), 'rejected' 未通过 (the reason is shown to the owner).
 */
export const VIDEO_REVIEW_STATES = ['pending', 'approved', 'rejected'] as const
export type VideoReviewState = (typeof VIDEO_REVIEW_STATES)[number]

export const VIDEO_REVIEW_LABELS: Record<VideoReviewState, string> = {
  pending: '审核中',
  approved: '已发布',
  rejected: '未通过',
}

/** The formats a video may have; the server tells them by content (ISO BMFF with a video track). */
export const VIDEO_FORMATS = ['mp4', 'mov'] as const
export type VideoFormat = (typeof VIDEO_FORMATS)[number]

export const VideoText = {
  notFound: '视频不存在',
  albumNotFound: '专辑不存在',
  channelMissing: '请选择频道',
  tagInvalid: '专辑标签不存在',
  bookNotFound: '书籍不存在',
  userNotFound: '用户不存在',
  commentNotFound: '评论不存在',
  titleMissing: '请输入视频标题',
  titleTooLong: `标题不能超过${VideoLimits.titleMaxChars}个字`,
  descriptionTooLong: `简介不能超过${VideoLimits.descriptionMaxChars}个字`,
  coverInvalid: '封面图片无效，请重新上传',
  keywordTooLong: `搜索词不能超过${VideoLimits.keywordMaxChars}个字`,
  durationTooLong: '视频时长不能超过60秒',
  /** A fragmented file whose headers and fragments tell different lengths. */
  durationInconsistent: '视频文件时长信息不一致，请重新导出后上传',
  fileTooBig: '视频不能超过100MB',
  fileTypeInvalid: '请上传MP4或MOV格式的视频',
  fileMissing: '请选择视频',
  onlyOwnerEdits: '只能修改自己的视频',
  onlyOwnerDeletes: '只能删除自己的视频',
  albumTitleMissing: '请输入专辑名称',
  albumTitleTooLong: `专辑名称不能超过${VideoLimits.albumTitleMaxChars}个字`,
  albumIntroTooLong: `专辑简介不能超过${VideoLimits.albumIntroMaxChars}个字`,
  albumTooManyTags: `最多选择${VideoLimits.albumMaxTags}个标签`,
  albumTooManyVideos: `一个专辑最多${VideoLimits.albumMaxVideos}个视频`,
  albumOnlyOwner: '只能修改自己的专辑',
  albumOnlyOwnVideos: '只能添加自己的视频',
  commentMissing: '请输入评论内容',
  commentTooLong: `评论不能超过${VideoLimits.commentMaxChars}字`,
  /** The video's author (or the comment's author, for a reply) blocked the caller. */
  blocked: '对方已将你拉黑，无法评论',
  blockedLike: '对方已将你拉黑，无法点赞',
} as const

const textProblem = (text: string): string | null =>
  checkControlChars(text) ?? (findBlockedWords(text).length ? BLOCKED_TEXT_MESSAGE : null)

/** What is wrong with a video title as typed (it is trimmed first), or null. */
export function videoTitleError(title: string): string | null {
  const text = title.trim()
  if (!text) return VideoText.titleMissing
  if (textLength(text) > VideoLimits.titleMaxChars) return VideoText.titleTooLong
  return textProblem(text)
}

/** What is wrong with a description as typed ('' is fine), or null. */
export function videoDescriptionError(description: string): string | null {
  const text = description.trim()
  if (textLength(text) > VideoLimits.descriptionMaxChars) return VideoText.descriptionTooLong
  return textProblem(text)
}

/** What is wrong with an album title as typed, or null. */
export function albumTitleError(title: string): string | null {
  const text = title.trim()
  if (!text) return VideoText.albumTitleMissing
  if (textLength(text) > VideoLimits.albumTitleMaxChars) return VideoText.albumTitleTooLong
  return textProblem(text)
}

/** What is wrong with an album introduction as typed ('' is fine), or null. */
export function albumIntroError(intro: string): string | null {
  const text = intro.trim()
  if (textLength(text) > VideoLimits.albumIntroMaxChars) return VideoText.albumIntroTooLong
  return textProblem(text)
}

/** What is wrong with a comment or reply as typed, or null. */
export function videoCommentError(content: string): string | null {
  const text = content.trim()
  if (!text) return VideoText.commentMissing
  if (textLength(text) > VideoLimits.commentMaxChars) return VideoText.commentTooLong
  return textProblem(text)
}

/**
 * What is wrong with a chosen file before it is sent (its size and, when the picker knows it, its
 * duration in milliseconds), or null. The server reads the duration from the file again.
 */
export function videoFileError(bytes: number, durationMs?: number): string | null {
  if (!(bytes > 0)) return VideoText.fileMissing
  if (bytes > VideoLimits.fileMaxBytes) return VideoText.fileTooBig
  if (durationMs !== undefined && videoTooLong(durationMs)) return VideoText.durationTooLong
  return null
}

/** Longer than a video may be (60 s, with the containers' rounding slack). */
export const videoTooLong = (durationMs: number): boolean =>
  durationMs > VideoLimits.durationMaxMs + VideoLimits.durationSlackMs

/** m:ss of a duration in milliseconds (0:05, 1:00). */
export function formatVideoDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000))
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}
