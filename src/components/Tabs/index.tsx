import AtTabs from 'taro-ui/lib/components/tabs'
import 'taro-ui/lib/style/components/tabs.scss'
import './index.scss'

interface Props {
  /** The tabs' titles, in order. */
  titles: readonly string[]
  current: number
  onChange: (index: number) => void
  className?: string
}

/**
 * A strip of tabs (taro-ui's AtTabs, header only: the page shows the current tab's content itself).
 * Not swipeable, so a swipe on the page's own list never changes tab.
 */
export default function Tabs({ titles, current, onChange, className }: Props) {
  return (
    <AtTabs
      className={className ? `tabs ${className}` : 'tabs'}
      tabList={titles.map((title) => ({ title }))}
      current={current}
      swipeable={false}
      animated={false}
      onClick={(index: number) => onChange(index)}
    />
  )
}
