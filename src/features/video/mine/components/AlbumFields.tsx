import { Input, Text, Textarea, View } from '@tarojs/components'
import ImageUploader from '@/components/ImageUploader'
import type { ImageUploads } from '@/components/ImageUploader/useImageUploads'
import type { PageData } from '@/core/usePageData'
import type { VideoAlbumTag } from '@/types/api/video'
import { VideoLimits } from '@rules/video'
import { clipText, textLength } from '@rules/validate'
import type { AlbumFormValues } from '../form'
import './mine.scss'

interface Props {
  values: AlbumFormValues
  onChange: (patch: Partial<AlbumFormValues>) => void
  tags: PageData<VideoAlbumTag[]>
  onToggleTag: (id: number) => void
  cover: ImageUploads
}

/** An album's name, introduction, cover and tags (at most 5), as the new and edit forms edit them. */
export default function AlbumFields({ values, onChange, tags, onToggleTag, cover }: Props) {
  const retry = () => {
    if (tags.error) void tags.reload()
  }
  return (
    <View className="vf">
      <View className="vf__row">
        <Text className="vf__label">专辑名称</Text>
        <Input
          className="vf__input"
          name="albumTitle"
          value={values.title}
          placeholder="给专辑起个名字"
          maxlength={VideoLimits.albumTitleMaxChars * 2}
          onInput={(e) =>
            onChange({ title: clipText(e.detail.value, VideoLimits.albumTitleMaxChars) })
          }
        />
      </View>
      <View className="vf__row vf__row--column">
        <Text className="vf__label">
          简介<Text className="muted">（选填）</Text>
        </Text>
        <Textarea
          className="vf__intro"
          name="albumIntro"
          value={values.intro}
          placeholder="介绍一下这个专辑"
          maxlength={VideoLimits.albumIntroMaxChars * 2}
          disableDefaultPadding
          onInput={(e) =>
            onChange({ intro: clipText(e.detail.value, VideoLimits.albumIntroMaxChars) })
          }
        />
        <Text className="vf__counter">
          {textLength(values.intro)}/{VideoLimits.albumIntroMaxChars}
        </Text>
      </View>
      <View className="vf__row vf__row--column">
        <Text className="vf__label">
          封面<Text className="muted">（选填，默认用第一个视频的封面）</Text>
        </Text>
        <ImageUploader uploads={cover} testPrefix="album-cover" />
      </View>
      <View className="vf__row vf__row--column">
        <Text className="vf__label">
          标签<Text className="muted">（最多{VideoLimits.albumMaxTags}个）</Text>
        </Text>
        {tags.data ? (
          <View className="vf-chips">
            {tags.data.map((tag) => (
              <Text
                key={tag.id}
                className={values.tagIds.includes(tag.id) ? 'vf-chip vf-chip--active' : 'vf-chip'}
                data-testid={`album-tag-${tag.id}`}
                onClick={() => onToggleTag(tag.id)}
              >
                {tag.name}
              </Text>
            ))}
          </View>
        ) : (
          <Text className="muted" onClick={retry}>
            {tags.error ? `${tags.error}，点击重试` : '加载中…'}
          </Text>
        )}
      </View>
    </View>
  )
}
