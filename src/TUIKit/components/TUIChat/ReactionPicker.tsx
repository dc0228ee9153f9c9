import { ScrollView, Text, View } from '@tarojs/components'
import type { Message } from '@/TUIKit/engine/types'
import { BASIC_EMOJI_PAIRS } from '@rules/chatReactions'
import { a11y } from './ReadReceiptStatus'
import './MessageReactions.scss'

interface Props {
  message: Message
  /** An emoji was chosen (its key in the basic set). */
  onPick: (reactionID: string) => void
  onClose: () => void
}

/** The message menu's 回应: the basic emoji set in a bottom sheet, one tap adds the reaction. */
export default function ReactionPicker({ onPick, onClose }: Props) {
  return (
    <View className="react-sheet" data-testid="reaction-picker">
      <View className="react-sheet__mask" onClick={onClose} />
      <View className="react-sheet__panel" {...a11y('dialog', '选择表情回应')}>
        <View className="react-sheet__head">
          <Text>回应</Text>
          <Text className="react-sheet__close" onClick={onClose} {...a11y('button', '取消')}>
            取消
          </Text>
        </View>
        <ScrollView scrollY className="react-sheet__grid-scroll">
          <View className="react-sheet__grid">
            {BASIC_EMOJI_PAIRS.map(([name, char]) => (
              <View
                key={name}
                className="react-sheet__emoji"
                data-testid="reaction-option"
                onClick={() => onPick(name)}
                {...a11y('button', `回应${name}`)}
              >
                <Text>{char}</Text>
              </View>
            ))}
          </View>
        </ScrollView>
      </View>
    </View>
  )
}
