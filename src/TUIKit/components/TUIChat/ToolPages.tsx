import { Swiper, SwiperItem, Text, View } from '@tarojs/components'
import { showToolDots, toolPages } from '@/features/chat/quickPhrases'
import { buttonA11y } from './forwardA11y'
import './ToolPages.scss'

export interface InputTool {
  key: string
  icon: string
  label: string
  run: () => void
}

/** The tools menu in pages of eight, with the swiper's dots past two pages (mini-program). */
export default function ToolPages({ tools }: { tools: readonly InputTool[] }) {
  const pages = toolPages(tools)
  return (
    <Swiper
      className="tool-pages"
      data-testid="tools-panel"
      indicatorDots={showToolDots(pages.length)}
      data-dots={showToolDots(pages.length) ? 'on' : 'off'}
    >
      {pages.map((page, i) => (
        <SwiperItem key={i}>
          <View className="tool-pages__page">
            {page.map((t) => (
              <Text
                key={t.key}
                className="tool-pages__tool"
                data-testid={`tool-${t.key}`}
                {...buttonA11y(t.label)}
                onClick={t.run}
              >
                {`${t.icon} ${t.label}`}
              </Text>
            ))}
          </View>
        </SwiperItem>
      ))}
    </Swiper>
  )
}
