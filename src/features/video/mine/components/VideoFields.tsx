import { Input, Text, Textarea, View } from '@tarojs/components'
import type { PageData } from '@/core/usePageData'
import type { VideoAlbum, VideoChannel } from '@/types/api/video'
import { VideoLimits } from '@rules/video'
import { clipText, textLength } from '@rules/validate'
import type { VideoFormValues } from '../form'
import './mine.scss'

interface Props {
  values: VideoFormValues
  onChange: (patch: Partial<VideoFormValues>) => void
  channels: PageData<VideoChannel[]>
  albums: PageData<VideoAlbum[]>
}

/** Chips to choose one of, or the load's state (tap to retry after a failure). */
function Choices<T extends { id: number }>(props: {
  data: PageData<T[]>
  current: number | null
  nameOf: (item: T) => string
  testPrefix: string
  onPick: (id: number | null) => void
  /** A first chip that chooses nothing (专辑: 不加入). */
  none?: string
  empty?: string
}) {
  const { data, current, nameOf, testPrefix, onPick, none, empty } = props
  // One handler always bound (weapp breaks when a handler is swapped for undefined).
  const retry = () => {
    if (data.error) void data.reload()
  }
  const list = data.data
  if (!list) {
    return (
      <Text className="muted" onClick={retry}>
        {data.error ? `${data.error}，点击重试` : '加载中…'}
      </Text>
    )
  }
  const chip = (id: number | null, name: string) => (
    <Text
      key={id ?? 0}
      className={id === current ? 'vf-chip vf-chip--active' : 'vf-chip'}
      data-testid={`${testPrefix}-${id ?? 0}`}
      onClick={() => onPick(id)}
    >
      {name}
    </Text>
  )
  return (
    <View className="vf-chips">
      {none !== undefined && chip(null, none)}
      {list.map((item) => chip(item.id, nameOf(item)))}
      {!list.length && empty ? <Text className="muted">{empty}</Text> : null}
    </View>
  )
}

/** A video's title, introduction, channel and album, as the publish and edit forms edit them. */
export default function VideoFields({ values, onChange, channels, albums }: Props) {
  return (
    <View className="vf">
      <View className="vf__row">
        <Text className="vf__label">标题</Text>
        <Input
          className="vf__input"
          name="title"
          value={values.title}
          placeholder="请输入视频标题"
          // The native limit counts UTF-16 units: leave room, cut by characters here.
          maxlength={VideoLimits.titleMaxChars * 2}
          onInput={(e) => onChange({ title: clipText(e.detail.value, VideoLimits.titleMaxChars) })}
        />
      </View>
      <View className="vf__row vf__row--column">
        <Text className="vf__label">
          简介<Text className="muted">（选填）</Text>
        </Text>
        <Textarea
          className="vf__intro"
          name="description"
          value={values.description}
          placeholder="说说这个视频讲了什么"
          maxlength={VideoLimits.descriptionMaxChars * 2}
          disableDefaultPadding
          onInput={(e) =>
            onChange({
              description: clipText(e.detail.value, VideoLimits.descriptionMaxChars),
            })
          }
        />
        <Text className="vf__counter">
          {textLength(values.description)}/{VideoLimits.descriptionMaxChars}
        </Text>
      </View>
      <View className="vf__row vf__row--column">
        <Text className="vf__label">频道</Text>
        <Choices
          data={channels}
          current={values.channelId}
          nameOf={(c) => c.name}
          testPrefix="video-channel"
          onPick={(id) => onChange({ channelId: id })}
        />
      </View>
      <View className="vf__row vf__row--column">
        <Text className="vf__label">
          专辑<Text className="muted">（选填）</Text>
        </Text>
        <Choices
          data={albums}
          current={values.albumId}
          nameOf={(a) => a.title}
          testPrefix="video-album"
          onPick={(id) => onChange({ albumId: id })}
          none="不加入专辑"
        />
      </View>
    </View>
  )
}
