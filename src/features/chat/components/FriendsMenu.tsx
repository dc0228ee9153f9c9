import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useRef, useState } from 'react'
import { pageUrl, Route, type RoutePath } from '@/core/routes'
import './friendsMenu.scss'

interface MenuItem {
  label: string
  url?: string
  children?: ReadonlyArray<{ label: string; url: string }>
}

const ITEMS: ReadonlyArray<MenuItem> = [
  { label: '我的书友', url: Route.friendList },
  {
    label: '添加书友',
    children: [
      { label: '书友码添加', url: Route.addFriendByCode },
      { label: '附近的书友', url: Route.addFriendByAddress },
    ],
  },
  {
    label: '读书群',
    children: [
      { label: '我的群聊', url: Route.group },
      { label: '发起群聊', url: pageUrl(Route.selectFriend, { purpose: 'group' }) },
      { label: '查找群聊', url: Route.selectGroup },
    ],
  },
  { label: '黑名单', url: Route.blockList },
]

const touchY = (e: unknown): number | null =>
  (e as { touches?: Array<{ clientY: number }> }).touches?.[0]?.clientY ?? null

/** A vertical move longer than this closes the open sub-menu. */
const SWIPE_CLOSE_PX = 30

const go = (url: RoutePath | string) => void Taro.navigateTo({ url })

/**
 * The conversations list's header menu (chat-spec section 2): groups, add by code, friends and the
 * block list; an item with children toggles its sub-menu, a vertical swipe closes it.
 */
export default function FriendsMenu({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState<string | null>(null)
  const startY = useRef<number | null>(null)

  const choose = (item: MenuItem) => {
    if (item.children) {
      setOpen(open === item.label ? null : item.label)
      return
    }
    onClose()
    if (item.url) go(item.url)
  }

  const onTouchStart = (e: unknown) => {
    startY.current = touchY(e)
  }
  const onTouchMove = (e: unknown) => {
    const y = touchY(e)
    if (startY.current === null || y === null) return
    if (Math.abs(y - startY.current) > SWIPE_CLOSE_PX) {
      setOpen(null)
      startY.current = null
    }
  }

  return (
    <View className="friends-menu" data-testid="friends-menu">
      <View className="friends-menu__mask" onClick={onClose} />
      <View className="friends-menu__panel" onTouchStart={onTouchStart} onTouchMove={onTouchMove}>
        {ITEMS.map((item) => (
          <View key={item.label}>
            <View
              className="friends-menu__item"
              data-testid={`friends-menu-${item.label}`}
              onClick={() => choose(item)}
            >
              <Text>{item.label}</Text>
              {item.children && (
                <Text className="friends-menu__caret">{open === item.label ? '▴' : '▾'}</Text>
              )}
            </View>
            {item.children && open === item.label && (
              <View className="friends-menu__children">
                {item.children.map((child) => (
                  <View
                    key={child.label}
                    className="friends-menu__child"
                    data-testid={`friends-menu-${child.label}`}
                    onClick={() => {
                      onClose()
                      go(child.url)
                    }}
                  >
                    <Text>{child.label}</Text>
                  </View>
                ))}
              </View>
            )}
          </View>
        ))}
      </View>
    </View>
  )
}
