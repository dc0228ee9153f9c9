import { Button, Input, Text, Textarea, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import Taro from '@tarojs/taro'
import { isH5 } from '@/core/platform'
import { GIFT_ENTRIES, giftEntryUrl } from '@/features/gifts/links'
import { showQuickPhrases } from '@/features/chat/quickPhrases'
import { chatErrorText } from '@/features/chat/errors'
import { pickFile, pickImage, pickPlace, pickVideo } from '@/features/chat/pickers'
import type { ChatRoom } from '@/features/chat/ChatRoom'
import type { Quote } from '@/features/chat/quote'
import {
  sendAudio,
  sendFace,
  sendFile,
  sendImage,
  sendPlace,
  sendText,
  sendVideo,
  type SendOutcome,
} from '@/features/chat/send'
import { RECORD_HINT, useRecorder } from '@/features/chat/useRecorder'
import { useStores } from '@/stores'
import { CHAT_TEXTS } from '@rules/chat'
import { toast } from '@/core/toast'
import EmojiPicker from './EmojiPicker'
import { buttonA11y } from './forwardA11y'
import QuickPhrases from './QuickPhrases'
import ToolPages, { type InputTool } from './ToolPages'

type Panel = 'none' | 'emoji' | 'tools' | 'phrases' | 'place'

interface Props {
  room: ChatRoom
  text: string
  setText: (text: string) => void
  quote: Quote | null
  clearQuote: () => void
  onSend: () => void
  /** A C2C chat with a book friend: the tools offer 礼物 (book, document, magazine, newspaper). */
  giftTo?: { id: number; name: string } | null
}

const touchY = (e: unknown): number =>
  (e as { touches?: Array<{ clientY: number }> }).touches?.[0]?.clientY ?? 0

async function report(outcome: Promise<SendOutcome>): Promise<void> {
  const problem = await outcome.catch((e: { code?: number; text?: string; message?: string }) =>
    e.text ? e.text : chatErrorText(e),
  )
  if (problem) toast(problem)
}

/** The input: text with emoji, faces, tools (image, file, video, place), voice on weapp, quote bar. */
/** 礼物: what kind to give, then its select page (which comes back to this chat). */
async function chooseGift(to: { id: number; name: string }): Promise<void> {
  let index: number
  try {
    index = (await Taro.showActionSheet({ itemList: GIFT_ENTRIES.map((e) => e.label) })).tapIndex
  } catch {
    return
  }
  const entry = GIFT_ENTRIES[index]
  if (entry) void Taro.navigateTo({ url: giftEntryUrl(entry.kind, to.id, to.name, 'chat') })
}

function MessageInput({ room, text, setText, quote, clearQuote, onSend, giftTo }: Props) {
  const { session } = useStores()
  const [panel, setPanel] = useState<Panel>('none')
  const [voice, setVoice] = useState(false)
  const [placeName, setPlaceName] = useState('')
  const recorder = useRecorder((file) => void report(sendAudio(room, file)))

  if (session.user?.im_status !== 1) {
    return (
      <View className="chat-input chat-input--off" data-testid="chat-no-permission">
        <Text>{CHAT_TEXTS.noPermission}</Text>
      </View>
    )
  }

  const toggle = (p: Panel) => setPanel((current) => (current === p ? 'none' : p))
  const tool = (pick: () => Promise<SendOutcome | null>) => {
    setPanel('none')
    void report(pick().then((r) => r ?? null))
  }
  const media: InputTool[] = [
    {
      key: 'image',
      icon: '🖼',
      label: '图片',
      run: () => tool(() => pickImage().then((f) => (f ? sendImage(room, f) : null))),
    },
    {
      key: 'file',
      icon: '📁',
      label: '文件',
      run: () => tool(() => pickFile().then((f) => (f ? sendFile(room, f) : null))),
    },
    {
      key: 'video',
      icon: '🎬',
      label: '视频',
      run: () => tool(() => pickVideo().then((f) => (f ? sendVideo(room, f) : null))),
    },
    {
      key: 'place',
      icon: '📍',
      label: '位置',
      run: () => {
        if (isH5()) setPanel('place')
        else tool(() => pickPlace().then((p) => (p ? sendPlace(room, p) : null)))
      },
    },
  ]
  // Extensions: the tools beyond the media ones; with fewer than 4 the menu offers 常用语.
  const extensions: InputTool[] = giftTo
    ? [
        {
          key: 'gift',
          icon: '🎁',
          label: '礼物',
          run: () => {
            setPanel('none')
            void chooseGift(giftTo)
          },
        },
      ]
    : []
  const phrases: InputTool = {
    key: 'phrases',
    icon: '💬',
    label: '常用语',
    run: () => setPanel('phrases'),
  }
  const tools = [...media, ...extensions, ...(showQuickPhrases(extensions.length) ? [phrases] : [])]

  return (
    <View className="chat-input">
      {quote && (
        <View className="chat-input__quote" data-testid="quote-bar">
          <Text className="chat-input__quote-text">{`${quote.sender}：${quote.abstract}`}</Text>
          <Text className="chat-input__quote-close" onClick={clearQuote}>
            ✕
          </Text>
        </View>
      )}
      <View className="chat-input__bar">
        {!isH5() && (
          <Text className="chat-input__icon" onClick={() => setVoice((v) => !v)}>
            {voice ? '⌨' : '🎤'}
          </Text>
        )}
        {voice ? (
          <View
            className={`chat-input__talk chat-input__talk--${recorder.state}`}
            onTouchStart={(e) => recorder.start(touchY(e))}
            onTouchMove={(e) => recorder.move(touchY(e))}
            onTouchEnd={() => recorder.end()}
          >
            <Text>{RECORD_HINT[recorder.state]}</Text>
          </View>
        ) : (
          <Textarea
            className="chat-input__text"
            data-testid="chat-text"
            value={text}
            autoHeight
            maxlength={-1}
            cursorSpacing={20}
            placeholder="说点什么…"
            onInput={(e) => setText(e.detail.value)}
            onFocus={() => setPanel('none')}
          />
        )}
        <Text
          className="chat-input__icon"
          data-testid="emoji-toggle"
          {...buttonA11y('表情')}
          onClick={() => toggle('emoji')}
        >
          😊
        </Text>
        {text.trim() ? (
          <Button className="chat-input__send" data-testid="chat-send" onClick={onSend}>
            发送
          </Button>
        ) : (
          <Text
            className="chat-input__icon"
            data-testid="tools-toggle"
            {...buttonA11y('更多功能')}
            onClick={() => toggle('tools')}
          >
            ⊕
          </Text>
        )}
      </View>
      {panel === 'emoji' && (
        <EmojiPicker
          onInsert={(char) => setText(text + char)}
          onFace={(face) => void report(sendFace(room, face.index, face.data))}
        />
      )}
      {panel === 'tools' && <ToolPages tools={tools} />}
      {panel === 'phrases' && (
        <QuickPhrases
          onPick={(phrase) => {
            setPanel('none')
            void report(sendText(room, phrase))
          }}
        />
      )}
      {panel === 'place' && (
        <View className="chat-panel chat-panel__place">
          <Input
            className="chat-panel__place-name"
            value={placeName}
            placeholder="这个位置叫什么？"
            onInput={(e) => setPlaceName(e.detail.value)}
          />
          <Button
            className="btn-primary chat-panel__place-send"
            onClick={() =>
              tool(() => pickPlace(placeName.trim()).then((p) => (p ? sendPlace(room, p) : null)))
            }
          >
            发送位置
          </Button>
        </View>
      )}
    </View>
  )
}

export default observer(MessageInput)
