import { Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import Empty from '@/components/Empty'
import NetBanner from '@/features/chat/components/NetBanner'
import { useChatInput } from '@/features/chat/useChatInput'
import { useChatPage } from '@/features/chat/useChatPage'
import { useFriendship } from '@/features/chat/useFriendship'
import { useGroupApplications } from '@/features/chat/useGroupApplications'
import { useMergedViewer } from '@/features/chat/useMergedViewer'
import { useMultiSelect } from '@/features/chat/useMultiSelect'
import { useReceiptPanel } from '@/features/chat/useReceiptPanel'
import ApplicationDrawer from './ApplicationDrawer'
import AtMemberPicker from './AtMemberPicker'
import ForwardTargets from './ForwardTargets'
import MergedViewer from './MergedViewer'
import MessageInput from './MessageInput'
import MessageList from './MessageList'
import MultiSelectBar from './MultiSelectBar'
import ReceiptPanel from './ReceiptPanel'
import ReceiptScope from './ReceiptScope'
import './chat.scss'

/** The chat page: `conversationID` must start with C2C or GROUP. */
function ChatPage() {
  const { params } = useRouter()
  const conversationID = String(params.conversationID ?? '')
  const page = useChatPage(conversationID)
  const group = page.group
  const input = useChatInput(page.room, page.target !== null, group.isGroup)
  const groupId = Number(group.groupId)
  const applications = useGroupApplications(groupId, group.isManager)
  const c2cPeer = page.target?.conversationType === 'C2C' ? Number(page.target.to) : null
  const friendship = useFriendship(c2cPeer)
  const select = useMultiSelect(page.room, page.conversation)
  const merged = useMergedViewer(page.room.downloadMergerMessage)
  const receipts = useReceiptPanel()

  if (page.error || !page.target) return <Empty kind="error" text={page.error} />
  const peer = group.isGroup ? undefined : page.conversation?.userProfile
  return (
    <View className="chat-page" data-testid="chat-page">
      <View className="chat-page__head">
        <Text className="chat-page__more" data-testid="chat-more" onClick={page.more}>
          ···
        </Text>
      </View>
      <NetBanner />
      {friendship.notFriends && (
        <View className="chat-page__banner" data-testid="not-friends-banner">
          <Text>你们还不是书友</Text>
          <Text className="chat-page__handle" onClick={() => void friendship.ask()}>
            {friendship.asked ? '已申请' : '加为书友'}
          </Text>
        </View>
      )}
      {group.muteAll && (
        <View className="chat-page__banner" data-testid="group-mute-banner">
          <Text>全员禁言中{group.isManager ? '，仅群主和管理员可以发言' : ''}</Text>
        </View>
      )}
      {applications.list.length > 0 && (
        <View className="chat-page__banner chat-page__banner--apply" data-testid="application-bar">
          <Text>{applications.list.length} 条入群申请</Text>
          <Text
            className="chat-page__handle"
            data-testid="application-open"
            onClick={() => applications.setOpen(true)}
          >
            去处理
          </Text>
        </View>
      )}
      <ReceiptScope
        room={page.room}
        groupMemberCount={page.conversation?.groupProfile?.memberCount ?? 0}
        onOpen={receipts.open}
      >
        <MessageList
          room={page.room}
          scrollTo={page.scrollTo}
          setScrollTo={page.setScrollTo}
          blinkID={page.blinkID}
          peerAvatar={peer?.avatar ?? ''}
          peerName={peer?.nick ?? ''}
          isGroup={group.isGroup}
          isManager={group.isManager}
          onMenu={(m) =>
            void page.menu(m, {
              quote: input.setQuote,
              forward: select.forwardOne,
              multiSelect: select.start,
            })
          }
          select={select.active ? { isTicked: select.isTicked, onTick: select.toggle } : undefined}
          onResend={(m) => void page.resend(m)}
          onReEdit={(m) => input.setText(String(m.payload.text ?? ''))}
          onJumpToQuote={page.jumpTo}
        />
      </ReceiptScope>
      {select.active ? (
        <MultiSelectBar
          count={page.room.messages.filter(select.isTicked).length}
          onForward={select.ask}
          onCancel={select.cancel}
        />
      ) : group.block ? (
        <View className="chat-input chat-input--off" data-testid="chat-input-blocked">
          <Text>{group.block}</Text>
        </View>
      ) : (
        <MessageInput
          room={page.room}
          text={input.text}
          setText={input.setText}
          quote={input.quote}
          clearQuote={() => input.setQuote(null)}
          onSend={() => void input.send()}
          giftTo={friendship.isFriend && c2cPeer ? { id: c2cPeer, name: peer?.nick ?? '' } : null}
        />
      )}
      {page.room.messages.length === 0 && page.room.isCompleted && (
        <Text className="chat-page__empty muted">还没有消息，打个招呼吧</Text>
      )}
      {input.atOpen && groupId > 0 && (
        <AtMemberPicker
          groupId={groupId}
          me={page.room.me}
          canAtAll={group.isManager}
          onPick={input.mention}
          onClose={input.closeAt}
        />
      )}
      {applications.open && (
        <ApplicationDrawer
          list={applications.list}
          leaving={applications.leaving}
          onHandle={(a, accept) => void applications.handle(a, accept)}
          onClose={() => applications.setOpen(false)}
        />
      )}
      {receipts.message && <ReceiptPanel panel={receipts} />}
      {select.picking && (
        <ForwardTargets
          title={select.picking === 'merge' ? '合并转发到' : '逐条转发到'}
          sending={select.sending}
          onSend={(ids) => void select.send(ids)}
          onClose={select.closePicker}
        />
      )}
      <MergedViewer viewer={merged} />
    </View>
  )
}

export default observer(ChatPage)
