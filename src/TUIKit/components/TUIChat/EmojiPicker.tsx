import { Image, ScrollView, Text, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import {
  BIG_EMOJI_GROUPS,
  bigEmojiFace,
  bigEmojiUrl,
  CUSTOM_EMOJI_COUNT,
  customEmojiBase,
  customEmojiFace,
  customEmojiName,
  customEmojiUrl,
  warnNoCustomEmoji,
  type BigEmojiKey,
  type FacePayload,
} from '@/features/chat/bigEmoji'
import { BASIC_EMOJI } from '@/features/chat/emoji'
import { buttonA11y } from './forwardA11y'
import './EmojiPicker.scss'

type Tab = 'basic' | BigEmojiKey | 'custom'

const TABS: ReadonlyArray<{ tab: Tab; title: string }> = [
  { tab: 'basic', title: '表情' },
  ...BIG_EMOJI_GROUPS.map((g) => ({ tab: g.key, title: g.title })),
  { tab: 'custom', title: '自定义' },
]

const CUSTOM_INDEXES = Array.from({ length: CUSTOM_EMOJI_COUNT }, (_, n) => n)

interface Props {
  /** A basic emoji goes into the text. */
  onInsert: (char: string) => void
  /** A big or custom emoji is sent at once as a face message. */
  onFace: (face: FacePayload) => void
}

/**
 * The emoji picker: 表情 (the basic set, typed into the text), the three big-emoji groups and the
 * custom set (sent as face messages). 405x300 on a wide screen, the phone's width below.
 */
export default function EmojiPicker({ onInsert, onFace }: Props) {
  const [tab, setTab] = useState<Tab>('basic')
  const base = customEmojiBase()
  const group = BIG_EMOJI_GROUPS.find((g) => g.key === tab)

  useEffect(() => {
    if (tab === 'custom' && !base) warnNoCustomEmoji()
  }, [tab, base])

  return (
    <View className="emoji-picker" data-testid="emoji-panel">
      <ScrollView scrollY className="emoji-picker__body">
        {tab === 'basic' && (
          <View className="emoji-picker__grid">
            {BASIC_EMOJI.map((e) => (
              <Text
                key={e.name}
                className="emoji-picker__emoji"
                data-testid="emoji"
                data-name={e.name}
                {...buttonA11y(e.name)}
                onClick={() => onInsert(e.char)}
              >
                {e.char}
              </Text>
            ))}
          </View>
        )}
        {group && (
          <View className="emoji-picker__grid">
            {group.names.map((name, index) => (
              <View
                key={name}
                className="emoji-picker__big"
                data-testid="big-emoji"
                data-name={name}
                {...buttonA11y(name)}
                onClick={() => onFace(bigEmojiFace(group, index))}
              >
                <Image
                  className="emoji-picker__image"
                  src={bigEmojiUrl(group.key, index)}
                  lazyLoad
                  mode="aspectFit"
                />
              </View>
            ))}
          </View>
        )}
        {tab === 'custom' &&
          (base ? (
            <View className="emoji-picker__grid">
              {CUSTOM_INDEXES.map((n) => (
                <View
                  key={n}
                  className="emoji-picker__big"
                  data-testid="custom-emoji"
                  {...buttonA11y(customEmojiName(n))}
                  onClick={() => onFace(customEmojiFace(n))}
                >
                  <Image
                    className="emoji-picker__image"
                    src={customEmojiUrl(base, n)}
                    lazyLoad
                    mode="aspectFit"
                  />
                </View>
              ))}
            </View>
          ) : (
            <Text className="emoji-picker__warn" data-testid="custom-emoji-missing">
              未配置自定义表情
            </Text>
          ))}
      </ScrollView>
      <View className="emoji-picker__tabs">
        {TABS.map((t) => (
          <Text
            key={t.tab}
            className={`emoji-picker__tab${t.tab === tab ? ' emoji-picker__tab--on' : ''}`}
            data-testid={`emoji-tab-${t.tab}`}
            {...buttonA11y(t.title)}
            aria-pressed={t.tab === tab ? 'true' : 'false'}
            onClick={() => setTab(t.tab)}
          >
            {t.title}
          </Text>
        ))}
      </View>
    </View>
  )
}
