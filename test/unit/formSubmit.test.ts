import { act, renderHook } from '@testing-library/react'
import { useFormSubmit } from '@/components/Form/useFormSubmit'
import { checkPhone, ValidationText } from '@rules/validate'

/** A form with one phone field: `check` sees the value of the current render. */
function renderForm(initial: string) {
  return renderHook(({ phone }) => useFormSubmit('失败', () => checkPhone(phone)), {
    initialProps: { phone: initial },
  })
}

describe('useFormSubmit', () => {
  it('clears a validation problem once the field is put right', async () => {
    const form = renderForm('12345')
    await act(() => form.result.current.submit(checkPhone('12345'), async () => undefined))
    expect(form.result.current.error).toBe(ValidationText.phoneInvalid)
    form.rerender({ phone: '1380000' })
    expect(form.result.current.error).toBe(ValidationText.phoneInvalid)
    form.rerender({ phone: '13800000000' })
    expect(form.result.current.error).toBe('')
  })

  it('clears a problem shown by another control (the SMS button) the same way', () => {
    const form = renderForm('12345')
    act(() => form.result.current.setError(ValidationText.phoneInvalid))
    expect(form.result.current.error).toBe(ValidationText.phoneInvalid)
    form.rerender({ phone: '13800000000' })
    expect(form.result.current.error).toBe('')
  })

  it('keeps a failed action on screen until the next attempt', async () => {
    const form = renderForm('13800000000')
    await act(() =>
      form.result.current.submit(null, async () => {
        throw new Error('验证码错误')
      }),
    )
    expect(form.result.current.error).toBe('验证码错误')
    form.rerender({ phone: '13800000001' })
    expect(form.result.current.error).toBe('验证码错误')
    act(() => form.result.current.fail('头像上传失败'))
    expect(form.result.current.error).toBe('头像上传失败')
    await act(() => form.result.current.submit(null, async () => undefined))
    expect(form.result.current.error).toBe('')
  })
})
