import Field from '../Field'

interface Props {
  password: string
  onPassword: (value: string) => void
  confirm: string
  onConfirm: (value: string) => void
  label?: string
}

/** A new password and its confirmation. */
export default function PasswordFields({ password, onPassword, confirm, onConfirm, label }: Props) {
  return (
    <>
      <Field
        label={label ?? '密码'}
        name="password"
        password
        maxlength={32}
        value={password}
        onInput={onPassword}
        placeholder="至少6位，含字母和数字"
      />
      <Field
        label="确认密码"
        name="confirm"
        password
        maxlength={32}
        value={confirm}
        onInput={onConfirm}
        placeholder="再次输入密码"
      />
    </>
  )
}
