import { Image, Progress, Text, View, type ITouchEvent } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { imagesLeft, type UploadItem } from './uploads'
import type { ImageUploads } from './useImageUploads'
import './index.scss'

interface Props {
  uploads: ImageUploads
  /**
   * testids: `<prefix>-image-add`, `<prefix>-image-<i>` (with data-uploaded),
   * `<prefix>-image-remove-<i>`, `<prefix>-image-retry-<i>`.
   */
  testPrefix: string
}

const percent = (progress: number) => Math.round(progress * 100)

/** The grid of chosen images with their progress, and the add tile while there is room. */
export default function ImageUploader({ uploads, testPrefix }: Props) {
  const { items, max, pick, remove, retry } = uploads

  const preview = (item: UploadItem) => {
    const paths = items.map((i) => i.path)
    void Taro.previewImage({ urls: paths, current: item.path }).catch(() => undefined)
  }

  return (
    <View className="image-uploader">
      {items.map((item, i) => {
        const onRemove = (e: ITouchEvent) => {
          e.stopPropagation()
          remove(item.key)
        }
        const onRetry = (e: ITouchEvent) => {
          e.stopPropagation()
          retry(item)
        }
        return (
          <View
            key={item.key}
            className="image-uploader__cell"
            data-testid={`${testPrefix}-image-${i}`}
            data-uploaded={item.url ? '1' : '0'}
            onClick={() => preview(item)}
          >
            <Image className="image-uploader__image" src={item.path} mode="aspectFill" />
            {!item.url && !item.error && (
              <View className="image-uploader__mask">
                <Text className="image-uploader__percent">{percent(item.progress)}%</Text>
                <Progress
                  className="image-uploader__progress"
                  percent={percent(item.progress)}
                  strokeWidth={3}
                  activeColor="#ffffff"
                  backgroundColor="rgba(255,255,255,0.3)"
                />
              </View>
            )}
            {item.error && (
              <View
                className="image-uploader__mask image-uploader__mask--error"
                data-testid={`${testPrefix}-image-retry-${i}`}
                onClick={onRetry}
              >
                <Text className="image-uploader__percent">上传失败</Text>
                <Text className="image-uploader__retry">点击重试</Text>
              </View>
            )}
            <View
              className="image-uploader__remove"
              data-testid={`${testPrefix}-image-remove-${i}`}
              onClick={onRemove}
            >
              <Text>×</Text>
            </View>
          </View>
        )
      })}
      {imagesLeft(items, max) > 0 && (
        <View
          className="image-uploader__cell image-uploader__add"
          data-testid={`${testPrefix}-image-add`}
          onClick={() => void pick()}
        >
          <Text className="image-uploader__plus">+</Text>
          <Text className="image-uploader__hint">
            {items.length}/{max}
          </Text>
        </View>
      )}
    </View>
  )
}
