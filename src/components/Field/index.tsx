import { View, Input, Text } from '@tarojs/components'
import type { ReactNode } from 'react'
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

/** A labelled input row for the account forms. */
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
      <Text className="field__label">{label}</Text>
      <Input
        className="field__input"
        name={name}
        id={`field-${name}`}
        value={value}
        type={type}
        password={password}
        maxlength={maxlength ?? 140}
        placeholder={placeholder}
        placeholderClass="field__placeholder"
        onInput={(e) => onInput(e.detail.value)}
      />
      {extra}
    </View>
  )
}
