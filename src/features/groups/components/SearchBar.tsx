import { Input, Text, View } from '@tarojs/components'
import { useState } from 'react'
import { GroupLimits } from '@rules/groups'
import './searchBar.scss'

interface Props {
  placeholder: string
  /** The input's data-testid; the button's is `<testId>-go`. */
  testId: string
  onSearch: (keyword: string) => void
}

/** A search box: the keyword (at most 20 characters) goes on confirm or on 搜索. */
export default function SearchBar({ placeholder, testId, onSearch }: Props) {
  const [typed, setTyped] = useState('')
  const go = () => onSearch(typed.trim())
  return (
    <View className="group-search">
      <Input
        className="group-search__input"
        value={typed}
        maxlength={GroupLimits.keywordMaxChars}
        placeholder={placeholder}
        confirmType="search"
        data-testid={testId}
        onInput={(e) => setTyped(e.detail.value)}
        onConfirm={go}
      />
      <Text className="link group-search__go" data-testid={`${testId}-go`} onClick={go}>
        搜索
      </Text>
    </View>
  )
}
