import { Button, Input, Text, Textarea, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import Taro from '@tarojs/taro'
import { isH5 } from '@/core/platform'
import { GIFT_ENTRIES, giftEntryUrl } from '@/features/gifts/links'
import { BASIC_EMOJI } from '@/features/chat/emoji'
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
  sendVideo,
  type SendOutcome,
} from '@/features/chat/send'
import { RECORD_HINT, useRecorder } from '@/features/chat/useRecorder'
import { useStores } from '@/stores'
import { CHAT_TEXTS } from '@rules/chat'
import { toast } from '@/core/toast'

type Panel = 'none' | 'emoji' | 'face' | 'tools' | 'place'

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
            onClick={() => toggle('tools')}
          >
            ⊕
          </Text>
        )}
      </View>
      {(panel === 'emoji' || panel === 'face') && (
        <View className="chat-panel" data-testid="emoji-panel">
          <View className="chat-panel__tabs">
            <Text
              className={
                panel === 'emoji' ? 'chat-panel__tab chat-panel__tab--on' : 'chat-panel__tab'
              }
              onClick={() => setPanel('emoji')}
            >
              表情
            </Text>
            <Text
              className={
                panel === 'face' ? 'chat-panel__tab chat-panel__tab--on' : 'chat-panel__tab'
              }
              data-testid="face-tab"
              onClick={() => setPanel('face')}
            >
              大表情
            </Text>
          </View>
          <View className="chat-panel__grid">
            {BASIC_EMOJI.map((e, index) => (
              <Text
                key={e.name}
                className={panel === 'face' ? 'chat-panel__face' : 'chat-panel__emoji'}
                data-testid="emoji"
                data-name={e.name}
                onClick={() => {
                  if (panel === 'emoji') setText(text + e.char)
                  else void report(sendFace(room, index, e.name))
                }}
              >
                {e.char}
              </Text>
            ))}
          </View>
        </View>
      )}
      {panel === 'tools' && (
        <View className="chat-panel chat-panel__tools" data-testid="tools-panel">
          <Text
            className="chat-panel__tool"
            data-testid="tool-image"
            onClick={() => tool(() => pickImage().then((f) => (f ? sendImage(room, f) : null)))}
          >
            🖼 图片
          </Text>
          <Text
            className="chat-panel__tool"
            data-testid="tool-file"
            onClick={() => tool(() => pickFile().then((f) => (f ? sendFile(room, f) : null)))}
          >
            📁 文件
          </Text>
          <Text
            className="chat-panel__tool"
            data-testid="tool-video"
            onClick={() => tool(() => pickVideo().then((f) => (f ? sendVideo(room, f) : null)))}
          >
            🎬 视频
          </Text>
          <Text
            className="chat-panel__tool"
            data-testid="tool-place"
            onClick={() => {
              if (isH5()) setPanel('place')
              else tool(() => pickPlace().then((p) => (p ? sendPlace(room, p) : null)))
            }}
          >
            📍 位置
          </Text>
          {giftTo && (
            <Text
              className="chat-panel__tool"
              data-testid="tool-gift"
              onClick={() => {
                setPanel('none')
                void chooseGift(giftTo)
              }}
            >
              🎁 礼物
            </Text>
          )}
        </View>
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
