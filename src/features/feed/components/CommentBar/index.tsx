import { Input, Text, View } from '@tarojs/components'
import { useState } from 'react'
import { Limits } from '@rules/limits'
import { BLOCKED_TEXT_MESSAGE, findBlockedWords } from '@rules/moderation'
import Taro from '@tarojs/taro'
import './index.scss'

interface Props {
  placeholder: string
  /** Replying to someone: shows 取消 to go back to commenting on the post. */
  onCancelReply?: () => void
  /** Sends the text; resolves true when it was accepted (the field is then cleared). */
  onSend: (content: string) => Promise<boolean>
}

/** The comment field fixed at the bottom: checked here first, kept when sending fails. */
export default function CommentBar({ placeholder, onCancelReply, onSend }: Props) {
  const [text, setText] = useState('')
  const [sending, setSending] = useState(false)

  const send = async () => {
    const content = text.trim()
    if (sending) return
    if (!content) return void Taro.showToast({ title: '请输入评论内容', icon: 'none' })
    if (findBlockedWords(content).length) {
      return void Taro.showToast({ title: BLOCKED_TEXT_MESSAGE, icon: 'none' })
    }
    setSending(true)
    try {
      if (await onSend(content)) setText('')
    } finally {
      setSending(false)
    }
  }

  return (
    <View className="comment-bar">
      {onCancelReply && (
        <Text className="comment-bar__cancel" data-testid="reply-cancel" onClick={onCancelReply}>
          取消
        </Text>
      )}
      <View className="comment-bar__field">
        <Input
          className="comment-bar__input"
          name="comment"
          value={text}
          placeholder={placeholder}
          maxlength={Limits.commentMaxChars}
          confirmType="send"
          onInput={(e) => setText(e.detail.value)}
          onConfirm={() => void send()}
        />
      </View>
      <Text
        className={sending ? 'comment-bar__send is-off' : 'comment-bar__send'}
        data-testid="comment-send"
        onClick={() => void send()}
      >
        发送
      </Text>
    </View>
  )
}
