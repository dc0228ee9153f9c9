import { Button, Image, Input, Text, View } from '@tarojs/components'
import { CaptchaText, type SmsSender } from './smsCaptcha'

interface Props {
  sender: SmsSender
  busy: boolean
  onSubmit: () => void
}

/** The image captcha step of an SMS send: the image (tap for a new one), its answer, send. */
export default function CaptchaSheet({ sender, busy, onSubmit }: Props) {
  return (
    <View className="sms-captcha" data-testid="sms-captcha">
      <View className="sms-captcha__panel">
        <Text className="sms-captcha__title">{CaptchaText.needed}</Text>
        <View className="sms-captcha__row">
          <Input
            className="sms-captcha__input"
            name="captcha"
            maxlength={4}
            value={sender.answer}
            placeholder="图中字符"
            focus
            onInput={(e) => sender.setAnswer(e.detail.value)}
            onConfirm={onSubmit}
          />
          <View
            className="sms-captcha__image"
            data-testid="sms-captcha-image"
            onClick={() => void sender.refresh()}
          >
            {sender.captcha && !sender.captchaFailed ? (
              <Image className="sms-captcha__svg" src={sender.captcha.image} mode="aspectFit" />
            ) : (
              <Text className="sms-captcha__failed">{CaptchaText.loadFailed}</Text>
            )}
          </View>
        </View>
        <Text className="sms-captcha__hint">看不清？点击图片换一张</Text>
        <View className="sms-captcha__actions">
          <Button className="sms-captcha__cancel" onClick={sender.cancel}>
            取消
          </Button>
          <Button
            className="sms-captcha__send"
            data-testid="sms-captcha-send"
            disabled={busy}
            onClick={onSubmit}
          >
            {busy ? '发送中…' : '发送验证码'}
          </Button>
        </View>
      </View>
    </View>
  )
}
