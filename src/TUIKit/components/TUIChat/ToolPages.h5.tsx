import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { showToolDots, toolPages } from '@/features/chat/quickPhrases'
import { buttonA11y } from './forwardA11y'
import type { InputTool } from './ToolPages'
import './ToolPages.scss'

export type { InputTool } from './ToolPages'

/**
 * The tools menu in pages of eight for H5: a row that scrolls and snaps to each page (Taro's
 * Swiper would bring the swiper library, about 190 KB), with dots past two pages.
 */
export default function ToolPages({ tools }: { tools: readonly InputTool[] }) {
  const pages = toolPages(tools)
  const [shown, setShown] = useState(0)
  const dots = showToolDots(pages.length)
  return (
    <View className="tool-pages" data-testid="tools-panel" data-dots={dots ? 'on' : 'off'}>
      <div
        className="tool-pages__track"
        onScroll={(e) => {
          const el = e.currentTarget
          if (el.clientWidth) setShown(Math.round(el.scrollLeft / el.clientWidth))
        }}
      >
        {pages.map((page, i) => (
          <View key={i} className="tool-pages__page">
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
        ))}
      </div>
      {dots && (
        <View className="tool-pages__dots" aria-hidden="true">
          {pages.map((_, i) => (
            <View
              key={i}
              className={`tool-pages__dot${i === shown ? ' tool-pages__dot--on' : ''}`}
            />
          ))}
        </View>
      )}
    </View>
  )
}
