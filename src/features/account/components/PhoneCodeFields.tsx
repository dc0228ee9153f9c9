import type { SmsScene } from '@/types/api/common'
import Field from '@/components/Field'
import SmsCodeField from './SmsCodeField'

interface Props {
  phone: string
  onPhone: (value: string) => void
  code: string
  onCode: (value: string) => void
  scene: SmsScene
  onInvalid: (message: string) => void
  /** The input's name (the calls differ: mobile or phone). */
  phoneName?: string
  phoneLabel?: string
  phonePlaceholder?: string
}

/** A phone number and the SMS code sent to it, with the send button and its countdown. */
export default function PhoneCodeFields(props: Props) {
  const { phone, onPhone, code, onCode, scene, onInvalid } = props
  return (
    <>
      <Field
        label={props.phoneLabel ?? '手机号'}
        name={props.phoneName ?? 'mobile'}
        type="number"
        maxlength={11}
        value={phone}
        onInput={onPhone}
        placeholder={props.phonePlaceholder ?? '请输入手机号'}
      />
      <SmsCodeField phone={phone} code={code} onCode={onCode} scene={scene} onInvalid={onInvalid} />
    </>
  )
}
