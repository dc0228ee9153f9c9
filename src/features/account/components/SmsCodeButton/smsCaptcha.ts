/**
 * The image captcha the SMS send asks for after repeated sends (App.Common_Sms.SendCaptcha answers
 * 400 with {needCaptcha: true}; App.Common_Tools.CreateCaptcha draws one). No Taro: unit-tested.
 */
import { useCallback, useState } from 'react'
import type { SendCaptchaRes, SmsScene } from '@/types/api/common'
import type { CreateCaptchaRes, NeedCaptchaData } from '@/types/api/common'
import { isApiError } from '@/core/errors'
import type { CaptchaAnswer } from '@/features/account/api'

export const CaptchaText = {
  needed: '请输入图形验证码',
  loadFailed: '图形验证码加载失败，请点击重试',
} as const

/** Whether a failed send wants an image captcha (first time, or after a wrong answer). */
export function wantsCaptcha(err: unknown): boolean {
  if (!isApiError(err)) return false
  const data = (err.body as { data?: Partial<NeedCaptchaData> } | null | undefined)?.data
  return data?.needCaptcha === true
}

export interface SmsSendDeps {
  sendCaptcha: (mobile: string, scene: SmsScene, captcha?: CaptchaAnswer) => Promise<SendCaptchaRes>
  createCaptcha: () => Promise<CreateCaptchaRes>
  toast: (text: string) => void
}

export interface SmsSender {
  /** The server has asked for an image captcha: the step is shown until a send goes through. */
  asking: boolean
  /** The captcha to answer (null while loading or when it could not be loaded). */
  captcha: CreateCaptchaRes | null
  /** Set when a new captcha could not be loaded (tap the image to try again). */
  captchaFailed: boolean
  answer: string
  setAnswer: (value: string) => void
  /** A new captcha (tap on the image). */
  refresh: () => Promise<void>
  /** Drops the captcha step (the person closes it). */
  cancel: () => void
  /** Sends the code (with the captcha when one is shown): seconds until a resend, or null. */
  send: (mobile: string) => Promise<number | null>
}

/** The send of an SMS code, with the image captcha step when the server asks for it. */
export function useSmsSender(scene: SmsScene, deps: SmsSendDeps): SmsSender {
  const [captcha, setCaptcha] = useState<CreateCaptchaRes | null>(null)
  const [captchaFailed, setCaptchaFailed] = useState(false)
  const [answer, setAnswer] = useState('')
  const [asking, setAsking] = useState(false)

  const refresh = useCallback(async () => {
    setAnswer('')
    try {
      setCaptcha(await deps.createCaptcha())
      setCaptchaFailed(false)
    } catch {
      setCaptchaFailed(true)
    }
  }, [deps])

  const cancel = useCallback(() => {
    setAsking(false)
    setCaptcha(null)
    setCaptchaFailed(false)
    setAnswer('')
  }, [])

  const send = useCallback(
    async (mobile: string): Promise<number | null> => {
      const code = answer.trim()
      if (asking && !code) {
        deps.toast(CaptchaText.needed)
        return null
      }
      const withCaptcha =
        asking && captcha ? { captcha_id: captcha.captchaId, captcha_code: code } : undefined
      try {
        const res = await deps.sendCaptcha(mobile, scene, withCaptcha)
        cancel()
        return res.retry_after || 60
      } catch (err) {
        // The request layer has shown the server's text; a tried captcha is used up either way.
        if (wantsCaptcha(err)) {
          setAsking(true)
          await refresh()
        }
        return null
      }
    },
    [answer, asking, captcha, cancel, deps, refresh, scene],
  )

  return { asking, captcha, captchaFailed, answer, setAnswer, refresh, cancel, send }
}
