import { View } from '@tarojs/components'
import type { ReactNode } from 'react'
import AtInput from 'taro-ui/lib/components/input'
import 'taro-ui/lib/style/components/input.scss'
import './index.scss'

interface Props {
  label: string
  value: string
  onInput: (value: string) => void
  placeholder?: string
  type?: 'text' | 'number' | 'idcard' | 'digit'
  password?: boolean
  maxlength?: number
  name: string
  extra?: ReactNode
}

/**
 * A labelled input row for the account forms: taro-ui's AtInput, with `extra` (the send-code button)
 * beside it rather than in AtInput's children, whose styles would restyle the button.
 */
export default function Field(props: Props) {
  const {
    label,
    value,
    onInput,
    placeholder,
    type = 'text',
    password,
    maxlength,
    name,
    extra,
  } = props
  return (
    <View className="field">
      <AtInput
        className="field__input"
        border={false}
        name={name}
        title={label}
        value={value}
        type={password ? 'password' : type}
        maxlength={maxlength ?? 140}
        placeholder={placeholder}
        placeholderClass="field__placeholder"
        onChange={(next: string | number) => onInput(String(next))}
      />
      {extra}
    </View>
  )
}
