import { Text, Textarea, View } from '@tarojs/components'
import { clipText, textLength } from '@rules/validate'
import './index.scss'

interface Props {
  /** The field's name (forms and the E2E tests find the textarea by it). */
  name: string
  value: string
  onInput: (value: string) => void
  /** At most this many characters, counted as code points (an emoji is one), as the server does. */
  max: number
  placeholder?: string
  className?: string
}

/**
 * A textarea with its "12/500" counter. Not taro-ui's AtTextarea: that one has no `name` and counts
 * UTF-16 units (an emoji is two), so its counter and limit disagree with the server.
 */
export default function TextArea({ name, value, onInput, max, placeholder, className }: Props) {
  const count = textLength(value)
  return (
    <View className={className ? `text-area ${className}` : 'text-area'}>
      <Textarea
        className="text-area__input"
        name={name}
        value={value}
        // The native limit counts UTF-16 units: leave room for emoji and cut by code points here.
        maxlength={max * 2}
        placeholder={placeholder}
        disableDefaultPadding
        onInput={(e) => onInput(clipText(e.detail.value, max))}
      />
      <Text
        className={count >= max ? 'text-area__count text-area__count--full' : 'text-area__count'}
      >
        {count}/{max}
      </Text>
    </View>
  )
}
