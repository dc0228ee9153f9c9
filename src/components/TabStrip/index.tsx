import { ScrollView, Text, View } from '@tarojs/components'
import './index.scss'

interface Props<K extends string> {
  tabs: readonly { key: K; label: string }[]
  current: K
  onChange: (key: K) => void
  /** Each tab's data-testid is `${testPrefix}-${key}`. */
  testPrefix: string
  /** Tabs as wide as their words in a row that scrolls sideways (many tabs); else equal widths. */
  scroll?: boolean
}

/**
 * A row of tabs over a list, each with its own test id (components/Tabs, taro-ui's AtTabs, has
 * none).
 */
export default function TabStrip<K extends string>(props: Props<K>) {
  const { tabs, current, onChange, testPrefix, scroll = false } = props
  const row = tabs.map((t) => (
    <Text
      key={t.key}
      className={t.key === current ? 'tab-strip__tab tab-strip__tab--on' : 'tab-strip__tab'}
      data-testid={`${testPrefix}-${t.key}`}
      onClick={() => onChange(t.key)}
    >
      {t.label}
    </Text>
  ))
  if (!scroll) return <View className="tab-strip">{row}</View>
  return (
    <ScrollView className="tab-strip tab-strip--scroll" scrollX>
      <View className="tab-strip__row">{row}</View>
    </ScrollView>
  )
}
