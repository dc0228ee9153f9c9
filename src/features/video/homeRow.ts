/**
 * The home page's video row (App.Index.VideoList): its own module so the main package carries this
 * one call, not the video pages' (config/callCopies.ts gives it its own copy of the refs).
 */
import * as videoCalls from '@/types/api/calls/video.gen'
import type { VideoSummary } from '@/types/api/video'
import { call } from '@/core/request'

export const fetchHomeVideos = (): Promise<VideoSummary[]> =>
  call(videoCalls.homeRow.query, {}, { silent: true })
