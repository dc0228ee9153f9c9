import type { ReactNode } from 'react'
import AtButton from 'taro-ui/lib/components/button'
import 'taro-ui/lib/style/components/loading.scss'
import 'taro-ui/lib/style/components/button.scss'
import './SubmitButton.scss'

interface Props {
  busy: boolean
  onClick: () => void
  children: ReactNode
}

/** The form's main button: taro-ui's AtButton with its spinner while the form is busy. */
export default function SubmitButton({ busy, onClick, children }: Props) {
  return (
    <AtButton
      className={busy ? 'btn-primary is-disabled' : 'btn-primary'}
      type="primary"
      circle
      loading={busy}
      disabled={busy}
      onClick={onClick}
    >
      {children}
    </AtButton>
  )
}
