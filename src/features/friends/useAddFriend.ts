/**
 * Adding a friend by code: my own code to give out, the code typed, scanned (weapp) or carried in
 * a link, whose owner is looked up first; then a request with an optional greeting. Someone who
 * had asked me already becomes my friend at once (the server says so).
 */
import Taro from '@tarojs/taro'
import { useEffect, useState } from 'react'
import { errorText } from '@/core/usePageData'
import { toast } from '@/core/toast'
import { openChatWith } from '@/features/chat/public'
import type { CodeOwner } from '@/types/api/friends'
import { FriendLimits, friendCodeOf } from '@rules/friends'
import { fetchCodeOwner, requestFriend } from './api'
import { useMyFriendCode } from './useMyFriendCode'

export type AddState = 'idle' | 'looking' | 'found' | 'sending' | 'sent'

export function useAddFriend(initialCode: string, loggedIn: boolean) {
  const myCode = useMyFriendCode(loggedIn)
  const [code, setCode] = useState(friendCodeOf(initialCode))
  const [owner, setOwner] = useState<CodeOwner | null>(null)
  const [greeting, setGreeting] = useState('')
  const [state, setState] = useState<AddState>('idle')
  const [error, setError] = useState('')

  const lookUp = async (text = code) => {
    const clean = friendCodeOf(text)
    setCode(clean || text)
    setOwner(null)
    if (!clean) return setError('请输入正确的好友码')
    setError('')
    setState('looking')
    try {
      setOwner(await fetchCodeOwner(clean))
      setState('found')
    } catch (err) {
      setError(errorText(err))
      setState('idle')
    }
  }

  // A link or QR code that carried a code: look its owner up at once.
  useEffect(() => {
    if (loggedIn && friendCodeOf(initialCode)) void lookUp(initialCode)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loggedIn, initialCode])

  const scan = async () => {
    try {
      const res = await Taro.scanCode({ onlyFromCamera: false, scanType: ['qrCode'] })
      await lookUp(res.result)
    } catch {
      // cancelled
    }
  }

  const send = async () => {
    if (!owner || state === 'sending') return
    if (greeting.length > FriendLimits.greetingMaxChars) return setError('验证消息最多50个字')
    setState('sending')
    try {
      const res = await requestFriend({ code: friendCodeOf(code) }, greeting.trim())
      if (res.state === 'friends') {
        toast('你们已经是书友了')
        setOwner({ ...owner, isFriend: true })
        setState('found')
        openChatWith(owner.userId)
        return
      }
      setState('sent')
      toast('申请已发送')
    } catch (err) {
      setError(errorText(err))
      setState('found')
    }
  }

  return {
    myCode,
    code,
    setCode,
    owner,
    greeting,
    setGreeting,
    state,
    error,
    lookUp,
    scan,
    send,
  }
}
