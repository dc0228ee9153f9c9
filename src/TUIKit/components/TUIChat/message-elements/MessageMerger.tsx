import { Text, View } from '@tarojs/components'
import { FORWARD_TEXTS } from '@/features/chat/forward'
import { mergerAbstractOf, mergerTitleOf, openMerged } from '@/features/chat/useMergedViewer'
import { buttonA11y } from '../forwardA11y'
import '../forward.scss'

/** A merged message (TIMRelayElem): its title, up to 7 abstract lines, 聊天记录; tap opens it. */
export default function MessageMerger({ payload }: { payload: Record<string, unknown> }) {
  const title = mergerTitleOf(payload)
  return (
    <View
      className="msg-merger"
      data-testid="msg-merger"
      {...buttonA11y(`${FORWARD_TEXTS.record}，${title}`)}
      onClick={() => openMerged(payload)}
    >
      <Text className="msg-merger__title">{title}</Text>
      {mergerAbstractOf(payload).map((line, i) => (
        <Text key={i} className="msg-merger__line">
          {line}
        </Text>
      ))}
      <View className="msg-merger__divider" />
      <Text className="msg-merger__foot">{FORWARD_TEXTS.record}</Text>
    </View>
  )
}
