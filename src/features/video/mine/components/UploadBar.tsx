import { Progress, Text, View } from '@tarojs/components'
import { BRAND_COLOR } from '@/core/theme'
import type { UploadState } from '../useVideoUpload'
import './mine.scss'

interface Props {
  state: UploadState
  onCancel: () => void
}

/** An upload under way: what goes up, its percentage and bar, and 取消. */
export default function UploadBar({ state, onCancel }: Props) {
  const percent = Math.max(0, Math.min(100, Math.round(state.progress * 100)))
  const label =
    state.stage === 'cover'
      ? '正在上传封面…'
      : percent < 100
        ? '正在上传视频…'
        : '上传完成，正在处理…'
  return (
    <View className="upload-bar" data-testid="video-upload-progress" data-percent={percent}>
      <View className="upload-bar__head">
        <Text>{label}</Text>
        <Text className="upload-bar__percent">{percent}%</Text>
        <Text className="upload-bar__cancel" data-testid="video-upload-cancel" onClick={onCancel}>
          取消
        </Text>
      </View>
      <Progress
        percent={percent}
        strokeWidth={6}
        activeColor={BRAND_COLOR}
        backgroundColor="#eee"
      />
    </View>
  )
}
