import { Text } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useRef } from 'react'
import { setFollowing } from '../../api'
import '../UserRow/index.scss'
import { BRAND_COLOR } from '@/core/theme'

interface Person {
  userId: number
  nickname: string
}

/**
 * Follow and unfollow from a list: `apply` shows the change on the list's rows at once, and puts
 * it back if the call fails; unfollowing asks first.
 */
export function useFollowToggle(apply: (userId: number, followed: boolean) => void) {
  const pending = useRef(new Set<number>())

  const toggle = async (person: Person, current: boolean): Promise<void> => {
    const id = person.userId
    if (pending.current.has(id)) return
    if (current) {
      const { confirm } = await Taro.showModal({
        title: '取消关注',
        content: `确定不再关注“${person.nickname || '书友'}”吗？`,
        confirmText: '不再关注',
        cancelText: '再想想',
        confirmColor: BRAND_COLOR,
      })
      if (!confirm) return
    }
    pending.current.add(id)
    apply(id, !current)
    try {
      const res = await setFollowing(id, !current)
      apply(id, res.followed)
      void Taro.showToast({ title: res.followed ? '已关注' : '已取消关注', icon: 'none' })
    } catch {
      // the request layer has shown why; the button goes back
      apply(id, current)
    } finally {
      pending.current.delete(id)
    }
  }

  return { toggle }
}

interface Props {
  followed: boolean
  /** They follow me: the button offers 回关, or shows 互相关注. */
  followsMe?: boolean
  onClick: () => void
  testId: string
}

export function followLabel(followed: boolean, followsMe = false): string {
  if (followed) return followsMe ? '互相关注' : '已关注'
  return followsMe ? '回关' : '关注'
}

/** The follow / unfollow pill for a UserRow's action slot. */
export default function FollowButton({ followed, followsMe, onClick, testId }: Props) {
  return (
    <Text
      className={followed ? 'user-action user-action--plain' : 'user-action'}
      data-testid={testId}
      data-followed={followed ? '1' : '0'}
      onClick={onClick}
    >
      {followLabel(followed, followsMe)}
    </Text>
  )
}
