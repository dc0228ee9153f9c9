import { View } from '@tarojs/components'
import ResetPasswordForm from '@/features/account/ResetPasswordForm'
import { resetPasswordByMobile } from '@/features/account/api'

export default function FindPasswordPage() {
  return (
    <View className="page page-pad form-page">
      <ResetPasswordForm submit={resetPasswordByMobile} />
    </View>
  )
}
