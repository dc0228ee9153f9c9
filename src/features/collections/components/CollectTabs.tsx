import Taro from '@tarojs/taro'
import TabStrip from '@/components/TabStrip'
import type { RoutePath } from '@/core/routes'
import { COLLECT_TABS } from '../kinds'

const TABS = COLLECT_TABS.map((tab) => ({ key: tab.label, label: tab.label }))

/** The row that links the four collection pages (书籍, 文档, 杂志, 报纸); the current one marked. */
export default function CollectTabs({ current }: { current: RoutePath }) {
  const on = COLLECT_TABS.find((tab) => tab.route === current)
  return (
    <TabStrip
      tabs={TABS}
      current={on?.label ?? ''}
      testPrefix="collect-tab"
      onChange={(label) => {
        const next = COLLECT_TABS.find((tab) => tab.label === label)
        if (next && next !== on) Taro.redirectTo({ url: next.route }).catch(() => undefined)
      }}
    />
  )
}
