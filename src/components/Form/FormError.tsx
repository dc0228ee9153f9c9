import { View } from '@tarojs/components'

export default function FormError({ text }: { text: string }) {
  return text ? <View className="form-error">{text}</View> : null
}
