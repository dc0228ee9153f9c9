import { Text, View } from '@tarojs/components'
import './index.scss'

interface Props<K extends string> {
  tabs: readonly { key: K; label: string }[]
  current: K
  onChange: (key: K) => void
  /** Each tab's data-testid is `${testPrefix}-${key}`. */
  testPrefix: string
}

/** A row of tabs over a list, each with its own test id. */
export default function TabStrip<K extends string>(props: Props<K>) {
  const { tabs, current, onChange, testPrefix } = props
  return (
    <View className="agent-tabs">
      {tabs.map((t) => (
        <Text
          key={t.key}
          className={t.key === current ? 'agent-tabs__tab agent-tabs__tab--on' : 'agent-tabs__tab'}
          data-testid={`${testPrefix}-${t.key}`}
          onClick={() => onChange(t.key)}
        >
          {t.label}
        </Text>
      ))}
    </View>
  )
}
