import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import type { RoutePath } from '@/core/routes'
import { COLLECT_TABS } from '../kinds'
import './CollectTabs.scss'

/** The row that links the four collection pages (书籍, 文档, 杂志, 报纸); the current one marked. */
export default function CollectTabs({ current }: { current: RoutePath }) {
  return (
    <View className="collect-tabs">
      {COLLECT_TABS.map((tab) => (
        <Text
          key={tab.route}
          className={
            tab.route === current ? 'collect-tabs__tab collect-tabs__tab--on' : 'collect-tabs__tab'
          }
          data-testid={`collect-tab-${tab.label}`}
          onClick={() => {
            if (tab.route !== current) Taro.redirectTo({ url: tab.route }).catch(() => undefined)
          }}
        >
          {tab.label}
        </Text>
      ))}
    </View>
  )
}
