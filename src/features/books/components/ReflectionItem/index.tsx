import { Text, View } from '@tarojs/components'
import Avatar from '@/components/Avatar'
import { formatMessageTime } from '@/core/time'
import { useOpenProfile } from '@/features/social/public'
import type { Reflection } from '@/types/api/books'
import './index.scss'

interface Props {
  reflection: Reflection
  onDelete?: () => void
}

/**
 * A reader's reflection on a book, shown as plain text (never HTML); the writer's avatar and name
 * open their profile (mine for me).
 */
export default function ReflectionItem({ reflection, onDelete }: Props) {
  const openProfile = useOpenProfile()
  const openWriter = () => openProfile(reflection.userId)
  return (
    <View className="reflection" data-testid={`reflection-${reflection.id}`}>
      <View
        className="reflection__avatar"
        data-testid={`reflection-avatar-${reflection.id}`}
        onClick={openWriter}
      >
        <Avatar src={reflection.avatar} name={reflection.nickname} size={64} />
      </View>
      <View className="reflection__body">
        <View className="reflection__head">
          <Text className="reflection__name" onClick={openWriter}>
            {reflection.nickname}
          </Text>
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
