import { ScrollView, Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { reactionStore, type ReactorsView } from '@/features/chat/useReactions'
import type { Message, MessageReaction } from '@/TUIKit/engine/types'
import { reactionChar, reactionLabel } from '@rules/chatReactions'
import { a11y } from './ReadReceiptStatus'
import ReactionPicker from './ReactionPicker'
import './MessageReactions.scss'

const Chip = observer(function Chip({ message, r }: { message: Message; r: MessageReaction }) {
  return (
    <View
      className={r.reactedByMyself ? 'react-chip react-chip--mine' : 'react-chip'}
      data-testid="reaction-chip"
      data-reaction={r.reactionID}
      onClick={() => void reactionStore.toggle(message, r.reactionID)}
      onLongPress={() => reactionStore.view(message, r.reactionID)}
      {...a11y('button', reactionLabel(r.reactionID, r.totalUserCount, r.reactedByMyself))}
    >
      <Text className="react-chip__emoji">{reactionChar(r.reactionID)}</Text>
      <Text className="react-chip__count">{r.totalUserCount}</Text>
    </View>
  )
})

/** Who reacted: one emoji's reactors, the message's other emoji as tabs, 100 names a page. */
const Reactors = observer(function Reactors({
  v,
  list,
}: {
  v: ReactorsView
  list: MessageReaction[]
}) {
  const close = () => reactionStore.closeView()
  return (
    <View className="react-sheet" data-testid="reaction-users">
      <View className="react-sheet__mask" onClick={close} />
      <View className="react-sheet__panel" {...a11y('dialog', '表情回应')}>
        <View className="react-sheet__head">
          <Text>表情回应</Text>
          <Text className="react-sheet__close" onClick={close} {...a11y('button', '关闭')}>
            关闭
          </Text>
        </View>
        <View className="react-sheet__tabs">
          {list.map((r) => (
            <Text
              key={r.reactionID}
              className={r.reactionID === v.reactionID ? 'react-tab react-tab--on' : 'react-tab'}
              onClick={() => reactionStore.view(v.message, r.reactionID)}
              {...a11y('button', `查看${r.reactionID}的回应，${r.totalUserCount}人`)}
            >
              {`${reactionChar(r.reactionID)} ${r.totalUserCount}`}
            </Text>
          ))}
        </View>
        <ScrollView scrollY className="react-sheet__list">
          {v.userList.map((u) => (
            <View key={u.userID} className="react-user" data-testid="reaction-user">
              <Text>{u.nick || u.userID}</Text>
            </View>
          ))}
          {v.loading && <Text className="react-sheet__note">加载中…</Text>}
          {!v.loading && !v.isCompleted && (
            <Text
              className="react-sheet__more"
              onClick={() => void reactionStore.more()}
              {...a11y('button', '加载更多')}
            >
              加载更多
            </Text>
          )}
        </ScrollView>
      </View>
    </View>
  )
})

/**
 * Under a message's bubble: its emoji reactions as chips 「<emoji> <count>」 (a tap joins or takes
 * back one's own, a long press or 查看 shows who), with the picker and the reactors' sheet of this
 * message when they are open.
 */
function MessageReactions({ message }: { message: Message }) {
  const list = reactionStore.list(message.ID)
  const picking = reactionStore.picking?.ID === message.ID
  const viewing = reactionStore.viewing
  return (
    <>
      {list.length > 0 && (
        <View className="react-row" data-testid="reactions">
          {list.map((r) => (
            <Chip key={r.reactionID} message={message} r={r} />
          ))}
          <Text
            className="react-row__who"
            onClick={() => reactionStore.view(message, list[0].reactionID)}
            {...a11y('button', '查看回应的人')}
          >
            查看
          </Text>
        </View>
      )}
      {picking && (
        <ReactionPicker
          message={message}
          onPick={(id) => {
            reactionStore.pick(null)
            void reactionStore.toggle(message, id, 'add')
          }}
          onClose={() => reactionStore.pick(null)}
        />
      )}
      {viewing && viewing.message.ID === message.ID && <Reactors v={viewing} list={list} />}
    </>
  )
}

export default observer(MessageReactions)
