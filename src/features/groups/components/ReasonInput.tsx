import { Input, Text, View } from '@tarojs/components'
import { GroupLimits } from '@rules/groups'
import { textLength } from '@rules/validate'
import './reasonInput.scss'

interface Props {
  value: string
  /** Gets the text cut to 50 characters by the caller's setter. */
  onInput: (value: string) => void
  onConfirm?: () => void
}

const MAX = GroupLimits.applicationReasonMaxChars

/** An application's optional reason, at most 50 characters, with its count. */
export default function ReasonInput({ value, onInput, onConfirm }: Props) {
  return (
    <View className="group-reason">
      <Input
        className="group-reason__input"
        value={value}
        // The native limit counts UTF-16 units: leave room for emoji; the setter cuts by code points.
        maxlength={MAX * 2}
        placeholder="申请理由（选填）"
        data-testid="apply-reason"
        onInput={(e) => onInput(e.detail.value)}
        onConfirm={() => onConfirm?.()}
      />
      <Text className="group-reason__count">{`${textLength(value)}/${MAX}`}</Text>
    </View>
  )
}
