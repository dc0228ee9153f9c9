import { Text, View } from '@tarojs/components'
import './MessageRisky.scss'

/** The notice in place of a message that content moderation flagged after it was sent. */
export const RISKY_NOTICE = '该消息内容存在风险，已被屏蔽'
/** The name of the sender's mark that sends a flagged message again. */
export const RISKY_RESEND_LABEL = '重发'

/**
 * A flagged message's bubble (chat-spec section 4: risk-flagged content is replaced by a
 * placeholder with a notice): never its content, for its sender too.
 */
export default function MessageRisky() {
  return (
    <View className="msg-risky" data-testid="msg-risky">
      <Text className="msg-risky__icon" aria-hidden="true">
        ⚠
      </Text>
      <Text className="msg-risky__notice">{RISKY_NOTICE}</Text>
    </View>
  )
}

/** The notice alone, under a bubble that stays (a voice message, which then does not play). */
export function RiskyNotice() {
  return (
    <Text className="msg-risky__notice msg-risky__notice--below" data-testid="msg-risky">
      {RISKY_NOTICE}
    </Text>
  )
}

/** H5 reads role and aria-label, the mini-program aria-role and aria-label. */
const RESEND_A11Y = { role: 'button', 'aria-role': 'button', 'aria-label': RISKY_RESEND_LABEL }

/** The sender's red mark beside a flagged message: a button that sends it again. */
export function RiskyMark({ onResend }: { onResend: () => void }) {
  return (
    <Text
      className="msg-risky__mark"
      data-testid="msg-risky-mark"
      {...RESEND_A11Y}
      onClick={onResend}
    >
      !
    </Text>
  )
}
