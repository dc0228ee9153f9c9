import { Text } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useCallback, useRef, useState } from 'react'
import { setFollowing } from '../../api'
import '../UserRow/index.scss'

interface Person {
  userId: number
  nickname: string
}

/**
 * Follow and unfollow from a list: the button changes at once and goes back if the call fails;
 * unfollowing asks first. The list's rows are not edited: the changes are kept here over them.
 */
export function useFollowToggle() {
  const [overrides, setOverrides] = useState<Readonly<Record<number, boolean>>>({})
  const pending = useRef(new Set<number>())

  const set = (userId: number, followed: boolean) =>
    setOverrides((all) => ({ ...all, [userId]: followed }))

  /** Whether I follow them now: a change made here, else what the list said. */
  const followedOf = (userId: number, listed: boolean): boolean => overrides[userId] ?? listed

  const toggle = async (person: Person, current: boolean): Promise<void> => {
    const id = person.userId
    if (pending.current.has(id)) return
    if (current) {
      const { confirm } = await Taro.showModal({
        title: '取消关注',
        content: `确定不再关注“${person.nickname || '书友'}”吗？`,
        confirmText: '不再关注',
        cancelText: '再想想',
        confirmColor: '#c0392b',
      })
      if (!confirm) return
    }
    pending.current.add(id)
    set(id, !current)
    try {
      const res = await setFollowing(id, !current)
      set(id, res.followed)
      void Taro.showToast({ title: res.followed ? '已关注' : '已取消关注', icon: 'none' })
    } catch {
      // the request layer has shown why; the button goes back
      set(id, current)
    } finally {
      pending.current.delete(id)
    }
  }

  /** Forgets the changes (the list loaded again and says how things are). */
  const reset = useCallback(() => setOverrides({}), [])

  return { followedOf, toggle, reset }
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
