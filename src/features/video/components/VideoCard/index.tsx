import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import type { ReactNode } from 'react'
import type { VideoSummary } from '@/types/api/video'
import { authorName, formatCount, playCountText } from '../../format'
import { videoPlayUrl } from '../../links'
import VideoCover from '../VideoCover'
import './index.scss'

interface Props {
  video: VideoSummary
  /** Played as part of this album (next in album on the play page). */
  albumId?: number
  /** Its place in an album (1-based), shown before the title. */
  serial?: number
  /** Replaces the author and counts line (a review state, actions). */
  extra?: ReactNode
  /** Default: the play page. */
  onClick?: () => void
}

/** Rows are this tall (design px): a long list keeps the rows out of view as blank spacers. */
export const VIDEO_CARD_HEIGHT = 200

/** A video in a list: cover with its duration, title, author, plays and comments. */
export default function VideoCard({ video, albumId, serial, extra, onClick }: Props) {
  const open =
    onClick ?? (() => void Taro.navigateTo({ url: videoPlayUrl(video.id, albumId ?? null) }))
  return (
    <View
      className="video-card"
      data-testid={`video-${video.id}`}
      hoverClass="video-card--hover"
      onClick={open}
    >
      <VideoCover cover={video.cover} durationMs={video.durationMs} className="video-card__cover" />
      <View className="video-card__body">
        <Text className="video-card__title">
          {serial ? `${serial}. ${video.title}` : video.title}
        </Text>
        {extra ?? (
          <View className="video-card__foot">
            <Text className="video-card__author">{authorName(video.author)}</Text>
            <Text className="video-card__meta">
              {playCountText(video.playCount)} · {formatCount(video.commentCount)}评论
            </Text>
          </View>
        )}
      </View>
    </View>
  )
}

/** What stands in for a row out of view: as tall as one. */
export function VideoCardSpacer() {
  return <View className="video-card video-card--spacer" />
}
