import type { SmsScene } from '@/types/api/common'
import Field from '@/components/Field'
import SmsCodeButton from './SmsCodeButton'

interface Props {
  /** The number the code is sent to. */
  phone: string
  code: string
  onCode: (value: string) => void
  scene: SmsScene
  onInvalid: (message: string) => void
}

/** The SMS code input with its send button and countdown. */
export default function SmsCodeField({ phone, code, onCode, scene, onInvalid }: Props) {
  return (
    <Field
      label="验证码"
      name="code"
      type="number"
      maxlength={6}
      value={code}
      onInput={onCode}
      placeholder="6位验证码"
      extra={<SmsCodeButton mobile={phone} scene={scene} onInvalid={onInvalid} />}
    />
  )
}
