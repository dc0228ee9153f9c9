import { ScrollView, Text, View } from '@tarojs/components'
import Avatar from '@/components/Avatar'
import dayjs from '@/core/dayjs'
import { toDate } from '@/core/time'
import { FORWARD_TEXTS } from '@/features/chat/forward'
import type { MergedViewer as Viewer } from '@/features/chat/useMergedViewer'
import type { MergedMessageItem, Message } from '@/TUIKit/engine/types'
import { buttonA11y } from './forwardA11y'
import MessageBody from './message-elements'
import './forward.scss'

/** An item drawn by the chat's own message bodies, read-only (as received, already sent). */
function asMessage(item: MergedMessageItem): Message {
  return {
    ID: `merged-${item.ID}`,
    conversationID: '',
    conversationType: 'C2C',
    sequence: 0,
    type: item.type,
    payload: item.payload,
    from: item.from,
    to: '',
    nick: item.nick,
    avatar: item.avatar,
    time: item.time,
    isRevoked: false,
    revoker: '',
    cloudCustomData: '',
    flow: 'in',
    status: 'success',
    progress: 1,
  }
}

const readOnly = () => Promise.resolve(null)

/**
 * The merged viewer over the chat page: the top merged message's items (nick, avatar, time, body);
 * a merged card inside steps in, 返回 steps out (and closes it after the first). Full screen on a
 * phone; on a wide screen a centred panel of at most 40vw and at least 550 px.
 */
export default function MergedViewer({ viewer }: { viewer: Viewer }) {
  const frame = viewer.top
  if (!frame) return null
  return (
    <View className="merged-viewer" data-testid="merged-viewer">
      <View className="merged-viewer__mask" />
      <View className="merged-viewer__panel">
        <View className="merged-viewer__head">
          <View
            className="merged-viewer__back"
            data-testid="merged-back"
            {...buttonA11y('返回')}
            onClick={viewer.back}
          >
            <Text>‹ 返回</Text>
          </View>
          <Text className="merged-viewer__title" data-testid="merged-title">
            {frame.title}
          </Text>
        </View>
        <ScrollView scrollY className="merged-viewer__list">
          {frame.state === 'loading' && <Text className="merged-viewer__note">加载中…</Text>}
          {frame.state === 'error' && (
            <View className="merged-viewer__error" data-testid="merged-error">
              <Text>{FORWARD_TEXTS.loadError}</Text>
              <View className="merged-viewer__retry" {...buttonA11y('重试')} onClick={viewer.retry}>
                <Text>重试</Text>
              </View>
            </View>
          )}
          {frame.state === 'ready' &&
            frame.list.map((item) => (
              <View key={item.ID} className="merged-item" data-testid="merged-item">
                <Avatar src={item.avatar} name={item.nick || item.from} size={64} />
                <View className="merged-item__main">
                  <View className="merged-item__meta">
                    <Text className="merged-item__nick">{item.nick || item.from}</Text>
                    <Text className="merged-item__time">
                      {dayjs(toDate(item.time)).format('YYYY-MM-DD HH:mm:ss')}
                    </Text>
                  </View>
                  <View className="merged-item__body">
                    <MessageBody message={asMessage(item)} modify={readOnly} />
                  </View>
                </View>
              </View>
            ))}
        </ScrollView>
      </View>
    </View>
  )
}
