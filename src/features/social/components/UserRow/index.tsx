import { Text, View, type ITouchEvent } from '@tarojs/components'
import type { ReactNode } from 'react'
import Avatar from '@/components/Avatar'
import { useOpenProfile } from '../../openProfile'
import './index.scss'

export interface UserRowUser {
  userId: number
  nickname: string
  avatar: string
  signature?: string
}

interface Props {
  user: UserRowUser
  /** The second line; the signature (one line) by default. */
  subtitle?: ReactNode
  /** On the right: a follow or unblock button. Its taps do not open the profile. */
  action?: ReactNode
  /** An unread mark before the avatar. */
  dot?: boolean
  /** Default `user-row-<userId>`. */
  testId?: string
  /** What a tap does instead of opening their profile (a friend's page). */
  onOpen?: () => void
  /** The name shown instead of the nickname (my remark for a friend). */
  name?: string
}

const stop = (e: ITouchEvent) => e.stopPropagation()

/** A person in a list: avatar, nickname, signature; a tap opens their profile (or mine). */
export default function UserRow({ user, subtitle, action, dot, testId, onOpen, name }: Props) {
  const openProfile = useOpenProfile()
  return (
    <View
      className="user-row"
      hoverClass="user-row--hover"
      data-testid={testId ?? `user-row-${user.userId}`}
      onClick={() => (onOpen ? onOpen() : openProfile(user.userId))}
    >
      {dot && <View className="user-row__dot" />}
      <Avatar src={user.avatar} name={user.nickname} size={88} />
      <View className="user-row__body">
        <Text className="user-row__name">{name || user.nickname || '书友'}</Text>
        {subtitle ?? (
          <Text className="user-row__sub">{user.signature || '这个人很懒，什么都没有写'}</Text>
        )}
      </View>
      {action && (
        <View className="user-row__action" onClick={stop}>
          {action}
        </View>
      )}
    </View>
  )
}
