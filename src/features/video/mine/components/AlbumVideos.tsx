import { Text, View } from '@tarojs/components'
import { StateChip, uploadStateChip } from '@/features/documents/public'
import type { PageData } from '@/core/usePageData'
import type { MyVideo } from '@/types/api/video'
import { VideoLimits } from '@rules/video'
import VideoCover from '../../components/VideoCover'
import type { AlbumRow } from '../useAlbumEditor'
import './mine.scss'

interface Props {
  rows: AlbumRow[]
  onMove: (index: number, by: -1 | 1) => void
  onDrop: (id: number) => void
  picking: boolean
  onPicking: (on: boolean) => void
  mine: PageData<MyVideo[] | null>
  candidates: MyVideo[]
  onAdd: (video: MyVideo) => void
}

/**
 * The album's videos in order, each to move up or down or take out; 添加视频 lists my videos that
 * are not in it (one in another album moves here).
 */
export default function AlbumVideos(props: Props) {
  const { rows, onMove, onDrop, picking, onPicking, mine, candidates, onAdd } = props
  const retry = () => {
    if (mine.error) void mine.reload()
  }
  return (
    <View className="album-videos">
      <View className="album-videos__head">
        <Text className="vf__label">
          专辑视频
          <Text className="muted">
            （{rows.length}/{VideoLimits.albumMaxVideos}）
          </Text>
        </Text>
        <Text
          className="link album-videos__toggle"
          data-testid="album-add-videos"
          onClick={() => onPicking(!picking)}
        >
          {picking ? '完成' : '添加视频'}
        </Text>
      </View>
      {rows.length === 0 && (
        <Text className="muted album-videos__none">还没有视频，点“添加视频”加入</Text>
      )}
      {rows.map((row, i) => (
        <View key={row.id} className="album-videos__row" data-testid={`album-video-${row.id}`}>
          <Text className="album-videos__serial">{i + 1}</Text>
          <VideoCover
            cover={row.cover}
            durationMs={row.durationMs}
            className="album-videos__cover"
          />
          <View className="album-videos__body">
            <Text className="album-videos__title">{row.title}</Text>
            <StateChip chip={uploadStateChip(row.reviewState)} />
          </View>
          <View className="album-videos__ops">
            <Text
              className={i === 0 ? 'album-videos__op is-off' : 'album-videos__op'}
              data-testid={`album-video-up-${row.id}`}
              onClick={() => onMove(i, -1)}
            >
              ↑
            </Text>
            <Text
              className={i === rows.length - 1 ? 'album-videos__op is-off' : 'album-videos__op'}
              data-testid={`album-video-down-${row.id}`}
              onClick={() => onMove(i, 1)}
            >
              ↓
            </Text>
            <Text
              className="album-videos__op album-videos__op--remove"
              data-testid={`album-video-remove-${row.id}`}
              onClick={() => onDrop(row.id)}
            >
              移除
            </Text>
          </View>
        </View>
      ))}
      {picking && (
        <View className="album-videos__pick" data-testid="album-pick">
          <Text className="album-videos__pick-title">我的视频</Text>
          {!mine.data ? (
            <Text className="muted" onClick={retry}>
              {mine.error ? `${mine.error}，点击重试` : '加载中…'}
            </Text>
          ) : candidates.length === 0 ? (
            <Text className="muted">没有可以加入的视频</Text>
          ) : (
            candidates.map((video) => (
              <View key={video.id} className="album-videos__row">
                <VideoCover
                  cover={video.cover}
                  durationMs={video.durationMs}
                  className="album-videos__cover"
                />
                <View className="album-videos__body">
                  <Text className="album-videos__title">{video.title}</Text>
                  <Text className="muted">
                    {video.albumTitle ? `在专辑“${video.albumTitle}”中` : '未加入专辑'}
                  </Text>
                </View>
                <Text
                  className="album-videos__op album-videos__op--add"
                  data-testid={`album-pick-${video.id}`}
                  onClick={() => onAdd(video)}
                >
                  加入
                </Text>
              </View>
            ))
          )}
        </View>
      )}
    </View>
  )
}
