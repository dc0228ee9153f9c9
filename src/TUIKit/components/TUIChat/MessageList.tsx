import { ScrollView, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useRef, useState } from 'react'
import { pageUrl, Route } from '@/core/routes'
import { fetchFriendDetail } from '@/features/friends/public'
import { useStores } from '@/stores'
import type { ChatRoom } from '@/features/chat/ChatRoom'
import type { Message } from '@/TUIKit/engine/types'
import { ChatLimits, needsTimeDivider } from '@rules/chat'
import { canForward } from '@/features/chat/forward'
import MessageItem from './MessageItem'

interface Props {
  room: ChatRoom
  scrollTo: string
  setScrollTo: (id: string) => void
  blinkID: string
  peerAvatar: string
  peerName: string
  /** A group chat: incoming messages show their sender's name and avatar. */
  isGroup: boolean
  /** The reader manages the group (owner or admin). */
  isManager?: boolean
  /** Opens a message's menu. */
  onMenu: (m: Message) => void
  onResend: (m: Message) => void
  onReEdit: (m: Message) => void
  onJumpToQuote: (messageID: string) => void
  /** 多选 (features/chat/useMultiSelect): each message's tick; the menu stays shut meanwhile. */
  select?: { isTicked: (m: Message) => boolean; onTick: (m: Message) => void }
}

const anchorOf = (m: Message) => `msg-${m.ID.replace(/[^A-Za-z0-9_-]/g, '_')}`

/** Where a sender's avatar leads: a book friend's detail page, else their profile. */
export async function personUrl(userID: string): Promise<string> {
  const id = Number(userID)
  const friend = await fetchFriendDetail(id).then(
    (d) => d.isFriend,
    () => false,
  )
  return friend
    ? pageUrl(Route.friendDetail, { type: 'chat', id })
    : pageUrl(Route.userDetail, { id })
}

async function openPerson(userID: string): Promise<void> {
  const url = await personUrl(userID)
  // Ten pages deep a mini-program refuses navigateTo: replace the page instead.
  await Taro.navigateTo({ url }).catch(() => Taro.redirectTo({ url }).catch(() => undefined))
}

/**
 * The open conversation's messages (a bounded window kept by the store): pull up for history,
 * dividers 600 s apart, and the scroll-to-latest button with the new-message count when the reader
 * is more than two screens from the bottom.
 */
function MessageList(props: Props) {
  const { session } = useStores()
  const { room } = props
  const messages = room.messages
  const [far, setFar] = useState(false)
  const screen = useRef(0)
  const nearBottom = useRef(true)

  useEffect(() => {
    screen.current = Taro.getWindowInfo?.().windowHeight ?? 700
  }, [])

  // New messages at the bottom follow the reader when they are near it.
  const last = messages[messages.length - 1]
  useEffect(() => {
    if (!last || !nearBottom.current) return
    room.clearNewMessageCount()
    props.setScrollTo('')
    setTimeout(() => props.setScrollTo('msg-bottom'), 0)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [last?.ID, last?.status])

  async function loadOlder(): Promise<void> {
    const first = messages[0]
    await room.loadHistory()
    if (first) {
      props.setScrollTo('')
      setTimeout(() => props.setScrollTo(anchorOf(first)), 0)
    }
  }

  /** Scrolled back down while the window is not at the newest: the next page, keeping the place. */
  async function loadNewer(): Promise<void> {
    const last = messages[messages.length - 1]
    if (room.atLatest || !last) return
    await room.loadNewer()
    props.setScrollTo('')
    setTimeout(() => props.setScrollTo(anchorOf(last)), 0)
  }

  const me = room.me
  const user = session.user
  return (
    <View className="chat-list">
      <ScrollView
        className="chat-list__scroll"
        scrollY
        scrollIntoView={props.scrollTo}
        upperThreshold={60}
        onScrollToUpper={() => void loadOlder()}
        lowerThreshold={60}
        onScrollToLower={() => void loadNewer()}
        onScroll={(e) => {
          const { scrollTop, scrollHeight } = e.detail
          const fromBottom = scrollHeight - scrollTop - screen.current
          nearBottom.current = fromBottom < screen.current / 2
          setFar(fromBottom > ChatLimits.scrollButtonScreens * screen.current)
        }}
        data-testid="chat-scroll"
      >
        {!room.isCompleted && messages.length > 0 && (
          <View className="chat-list__more" onClick={() => void loadOlder()}>
            {room.loadingHistory ? <Text className="msg__spinner" /> : <Text>查看更多消息</Text>}
          </View>
        )}
        {messages.map((m, i) => (
          <MessageItem
            key={m.ID}
            message={m}
            me={me}
            showTime={needsTimeDivider(messages[i - 1]?.time, m.time)}
            blinking={props.blinkID === m.ID}
            peerAvatar={props.peerAvatar}
            peerName={props.peerName}
            showNick={props.isGroup}
            isManager={props.isManager}
            myAvatar={user?.avatar ?? ''}
            myName={user?.nickname ?? ''}
            onMenu={() => !props.select && props.onMenu(m)}
            onAvatar={() => void openPerson(m.from)}
            onResend={() => props.onResend(m)}
            onReEdit={() => props.onReEdit(m)}
            onJumpToQuote={props.onJumpToQuote}
            onModify={room.modify}
            select={
              props.select && {
                ticked: props.select.isTicked(m),
                enabled: canForward(m),
                onTick: () => props.select?.onTick(m),
              }
            }
          />
        ))}
        <View id="msg-bottom" className="chat-list__bottom" />
      </ScrollView>
      {(far || !room.atLatest) && (
        <View
          className="chat-list__latest"
          data-testid="scroll-latest"
          onClick={() => {
            void room.backToLatest().then(() => {
              props.setScrollTo('')
              setTimeout(() => props.setScrollTo('msg-bottom'), 0)
            })
            nearBottom.current = true
          }}
        >
          <Text>
            {room.newMessageCount > 0 ? `${room.newMessageCount}条新消息` : '回到最新位置'}
          </Text>
        </View>
      )}
    </View>
  )
}

export default observer(MessageList)
