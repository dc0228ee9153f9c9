import { View } from '@tarojs/components'
import { useStores } from '@/stores'
import ResetPasswordForm from '@/features/account/ResetPasswordForm'
import { resetPasswordNoToken } from '@/features/account/api'

/** Forgot the login password while signed in: a reset ends every session, so this one ends too. */
export default function ForgotLoginPasswordPage() {
  const { session } = useStores()
  const submit = async (req: { mobile: string; code: string; password: string }) => {
    await resetPasswordNoToken({ phone: req.mobile, code: req.code, password: req.password })
    session.clear()
  }
  return (
    <View className="page page-pad form-page">
      <ResetPasswordForm submit={submit} />
    </View>
  )
}
