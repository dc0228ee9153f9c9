import { ScrollView, Text, View } from '@tarojs/components'
import Avatar from '@/components/Avatar'
import type { useReceiptPanel, ReceiptTab } from '@/features/chat/useReceiptPanel'
import { a11y } from './ReadReceiptStatus'
import './ReceiptPanel.scss'

type Panel = ReturnType<typeof useReceiptPanel>

const TABS: ReadonlyArray<{ tab: ReceiptTab; label: string; empty: string }> = [
  { tab: 'read', label: '已读', empty: '暂无成员已读' },
  { tab: 'unread', label: '未读', empty: '全部成员已读' },
]

/**
 * Who read one of the reader's group messages: tabs 已读 and 未读, members (avatar and name) 100 a
 * page with 加载更多, and 关闭. A bottom sheet on a phone, a centred 368 x 510 panel on a wide
 * screen (ReceiptPanel.scss).
 */
export default function ReceiptPanel({ panel }: { panel: Panel }) {
  if (!panel.message) return null
  const current = TABS.find((t) => t.tab === panel.tab) ?? TABS[0]
  return (
    <View className="receipt-panel" data-testid="receipt-panel">
      <View className="receipt-panel__mask" onClick={panel.close} />
      <View className="receipt-panel__box" {...a11y('dialog', '消息回执详情')}>
        <View className="receipt-panel__head">
          <Text className="receipt-panel__title">消息回执</Text>
          <Text
            className="receipt-panel__close"
            data-testid="receipt-close"
            onClick={panel.close}
            {...a11y('button', '关闭')}
          >
            关闭
          </Text>
        </View>
        <View className="receipt-panel__tabs" {...a11y('tablist', '回执')}>
          {TABS.map(({ tab, label }) => {
            const selected = panel.tab === tab
            const count = tab === 'read' ? panel.readCount : panel.unreadCount
            return (
              <Text
                key={tab}
                className={selected ? 'receipt-panel__tab is-on' : 'receipt-panel__tab'}
                data-testid={`receipt-tab-${tab}`}
                onClick={() => panel.setTab(tab)}
                {...a11y('tab', `${label} ${count}`)}
                aria-selected={selected ? 'true' : 'false'}
              >
                {`${label} ${count}`}
              </Text>
            )
          })}
        </View>
        <ScrollView
          className="receipt-panel__list"
          scrollY
          lowerThreshold={80}
          onScrollToLower={panel.loadMore}
          data-testid={`receipt-list-${panel.tab}`}
        >
          {panel.members.map((m) => (
            <View key={m.userID} className="receipt-panel__row" data-testid="receipt-member">
              <Avatar src={m.avatar} name={m.nick} size={64} />
              <Text className="receipt-panel__name">{m.nick || m.userID}</Text>
            </View>
          ))}
          {panel.loading ? (
            <Text className="receipt-panel__foot" data-testid="receipt-loading">
              加载中…
            </Text>
          ) : panel.error ? (
            <Text
              className="receipt-panel__foot receipt-panel__foot--error"
              data-testid="receipt-retry"
              onClick={panel.loadMore}
              {...a11y('button', `${panel.error}，重试`)}
            >
              {`${panel.error}，点击重试`}
            </Text>
          ) : panel.hasMore ? (
            <Text
              className="receipt-panel__foot receipt-panel__more"
              data-testid="receipt-more"
              onClick={panel.loadMore}
              {...a11y('button', '加载更多')}
            >
              加载更多
            </Text>
          ) : (
            panel.members.length === 0 && (
              <Text className="receipt-panel__foot" data-testid="receipt-empty">
                {current.empty}
              </Text>
            )
          )}
        </ScrollView>
      </View>
    </View>
  )
}
