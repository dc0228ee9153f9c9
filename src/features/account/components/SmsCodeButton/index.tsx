import { Button } from '@tarojs/components'
import { useEffect, useMemo, useRef, useState } from 'react'
import type { SmsScene } from '@/types/api/common'
import { createCaptcha, sendCaptcha } from '@/features/account/api'
import { checkPhone } from '@rules/validate'
import CaptchaSheet from './CaptchaSheet'
import { useSmsSender, type SmsSendDeps } from './smsCaptcha'
import './index.scss'
import { toast } from '@/core/toast'

interface Props {
  mobile: string
  scene: SmsScene
  /** Called with the validation message when the number is not usable. */
  onInvalid?: (message: string) => void
}

/**
 * Sends an SMS code and counts down until another may be sent (the server's retry_after). After
 * repeated sends the server asks for an image captcha first: a sheet shows it and sends with it.
 */
export default function SmsCodeButton({ mobile, scene, onInvalid }: Props) {
  const [left, setLeft] = useState(0)
  const [sending, setSending] = useState(false)
  const timer = useRef<ReturnType<typeof setInterval>>()
  const deps = useMemo<SmsSendDeps>(() => ({ sendCaptcha, createCaptcha, toast }), [])
  const sender = useSmsSender(scene, deps)

  useEffect(() => () => clearInterval(timer.current), [])

  const countDown = (seconds: number) => {
    setLeft(seconds)
    clearInterval(timer.current)
    timer.current = setInterval(() => {
      setLeft((value) => {
        if (value <= 1) clearInterval(timer.current)
        return Math.max(0, value - 1)
      })
    }, 1000)
  }

  const send = async () => {
    const problem = checkPhone(mobile)
    if (problem) {
      onInvalid?.(problem)
      return
    }
    if (sending) return
    setSending(true)
    try {
      const retryAfter = await sender.send(mobile)
      if (retryAfter !== null) {
        toast('验证码已发送')
        countDown(retryAfter)
      }
    } finally {
      setSending(false)
    }
  }

  return (
    <>
      <Button
        className={left > 0 || sending ? 'sms-btn is-disabled' : 'sms-btn'}
        disabled={left > 0 || sending}
        onClick={send}
        data-testid="sms-send"
      >
        {left > 0 ? `${left}秒后重发` : sending ? '发送中…' : '获取验证码'}
      </Button>
      {sender.asking && <CaptchaSheet sender={sender} busy={sending} onSubmit={send} />}
    </>
  )
}
