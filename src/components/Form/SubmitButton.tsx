import { Button } from '@tarojs/components'
import type { ReactNode } from 'react'

interface Props {
  busy: boolean
  onClick: () => void
  children: ReactNode
}

/** The form's main button. Styled by class: Taro's H5 button reflects disabled="false". */
export default function SubmitButton({ busy, onClick, children }: Props) {
  return (
    <Button
      className={busy ? 'btn-primary is-disabled' : 'btn-primary'}
      loading={busy}
      disabled={busy}
      onClick={onClick}
    >
      {children}
    </Button>
  )
}
