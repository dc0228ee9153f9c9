import { Text, View } from '@tarojs/components'
import Avatar from '@/components/Avatar'
import { formatMessageTime } from '@/core/time'
import type { Reflection } from '@/types/api/books'
import './index.scss'

interface Props {
  reflection: Reflection
  onDelete?: () => void
}

/** A reader's reflection on a book, shown as plain text (never HTML). */
export default function ReflectionItem({ reflection, onDelete }: Props) {
  return (
    <View className="reflection" data-testid={`reflection-${reflection.id}`}>
      <Avatar src={reflection.avatar} name={reflection.nickname} size={64} />
      <View className="reflection__body">
        <View className="reflection__head">
          <Text className="reflection__name">{reflection.nickname}</Text>
          <Text className="muted">{formatMessageTime(reflection.createdAt * 1000)}</Text>
        </View>
        <Text className="reflection__content" userSelect>
          {reflection.content}
        </Text>
        {reflection.mine && onDelete && (
          <Text className="reflection__delete" onClick={onDelete}>
            删除
          </Text>
        )}
      </View>
    </View>
  )
}
