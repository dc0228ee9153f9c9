import { ScrollView, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useEffect, useState } from 'react'
import type { BookVideo } from '@/types/api/video'
import { fetchBookVideos } from '../../api'
import { videoPlayUrl } from '../../links'
import VideoCover from '../VideoCover'
import './index.scss'

/** Videos a row shows at most. */
export const BOOK_VIDEOS_MAX = 6

interface Props {
  bookId: number
}

/**
 * 相关视频: published videos about a book, newest first, side by side; nothing at all while they
 * load, when there are none or when they cannot be read (the page around it stands on its own).
 */
export default function BookVideos({ bookId }: Props) {
  const [videos, setVideos] = useState<BookVideo[]>([])
  useEffect(() => {
    let live = true
    fetchBookVideos({ bookId, page: 1, pageSize: BOOK_VIDEOS_MAX })
      .then((res) => live && setVideos(res.list))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [bookId])
  if (videos.length === 0) return null
  return (
    <View className="book-videos" data-testid="book-videos">
      <Text className="book-videos__heading">相关视频</Text>
      <ScrollView className="book-videos__row" scrollX enhanced showScrollbar={false}>
        {videos.map((video) => (
          <View
            key={video.id}
            className="book-videos__item"
            onClick={() => void Taro.navigateTo({ url: videoPlayUrl(video.id) })}
          >
            <VideoCover
              cover={video.cover}
              durationMs={video.durationMs}
              className="book-videos__cover"
            />
            <Text className="book-videos__title">{video.title}</Text>
          </View>
        ))}
      </ScrollView>
    </View>
  )
}
