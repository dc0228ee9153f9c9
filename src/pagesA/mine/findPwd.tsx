import { View } from '@tarojs/components'
import { useStores } from '@/stores'
import ResetPasswordForm from '@/features/account/ResetPasswordForm'
import { resetPasswordNoToken } from '@/features/account/api'

/** Same first three and last four digits as the (masked) number of the signed-in account. */
function matchesMasked(mobile: string, masked: string): boolean {
  return (
    masked.length === 11 &&
    mobile.slice(0, 3) === masked.slice(0, 3) &&
    mobile.slice(-4) === masked.slice(-4)
  )
}

/**
 * Forgot the login password while signed in. A reset of this account's number ends every session
 * on the server, so this one ends here too.
 */
export default function ForgotLoginPasswordPage() {
  const { session } = useStores()
  const submit = async (req: { mobile: string; code: string; password: string }) => {
    await resetPasswordNoToken({ phone: req.mobile, code: req.code, password: req.password })
    if (matchesMasked(req.mobile, session.user?.mobile ?? '')) session.clear()
  }
  return (
    <View className="page page-pad form-page">
      <ResetPasswordForm submit={submit} />
    </View>
  )
}
