import { Input, Text, View } from '@tarojs/components'
import './index.scss'

interface Props {
  value: string
  placeholder: string
  maxlength: number
  focus?: boolean
  /** The 搜索 button's test id. */
  testId: string
  onInput: (value: string) => void
  /** 搜索 tapped or the keyboard's search key. */
  onSearch: () => void
}

/** A sticky search field with its 搜索 button, at the top of a list page. */
export default function SearchBar(props: Props) {
  return (
    <View className="search-bar">
      <View className="search-bar__field">
        <Input
          className="search-bar__input"
          name="keyword"
          value={props.value}
          placeholder={props.placeholder}
          confirmType="search"
          focus={props.focus}
          maxlength={props.maxlength}
          onInput={(e) => props.onInput(e.detail.value)}
          onConfirm={props.onSearch}
        />
      </View>
      <Text className="search-bar__go" data-testid={props.testId} onClick={props.onSearch}>
        搜索
      </Text>
    </View>
  )
}
