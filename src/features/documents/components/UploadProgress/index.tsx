import { Progress, Text, View } from '@tarojs/components'
import { BRAND_COLOR } from '@/core/theme'
import './index.scss'

/** An upload under way: its percentage and a bar (progress 0..1). */
export default function UploadProgress({ progress }: { progress: number }) {
  const percent = Math.max(0, Math.min(100, Math.round(progress * 100)))
  return (
    <View className="upload-progress" data-testid="upload-progress" data-percent={percent}>
      <View className="upload-progress__head">
        <Text>{percent < 100 ? '正在上传…' : '上传完成，正在处理…'}</Text>
        <Text className="upload-progress__percent">{percent}%</Text>
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
