import { ScrollView, Text } from '@tarojs/components'
import { QUICK_PHRASES } from '@/features/chat/quickPhrases'
import { buttonA11y } from './forwardA11y'
import './QuickPhrases.scss'

/** 常用语: the canned phrases; a tap sends one as a text. */
export default function QuickPhrases({ onPick }: { onPick: (phrase: string) => void }) {
  return (
    <ScrollView scrollY className="quick-phrases" data-testid="quick-phrases">
      {QUICK_PHRASES.map((p) => (
        <Text
          key={p}
          className="quick-phrases__item"
          data-testid="quick-phrase"
          {...buttonA11y(p)}
          onClick={() => onPick(p)}
        >
          {p}
        </Text>
      ))}
    </ScrollView>
  )
}
