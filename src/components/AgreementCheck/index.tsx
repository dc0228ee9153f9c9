import { View, Text } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { pageUrl, Route } from '@/core/routes'
import './index.scss'

interface Props {
  checked: boolean
  onChange: (checked: boolean) => void
}

const open = (id: 'agreement' | 'privacy') =>
  Taro.navigateTo({ url: pageUrl(Route.richText, { id }) })

/** "I have read and agree to the user agreement and privacy policy", required before signing in. */
export default function AgreementCheck({ checked, onChange }: Props) {
  return (
    <View className="agreement">
      <View
        className={checked ? 'agreement__box agreement__box--on' : 'agreement__box'}
        onClick={() => onChange(!checked)}
        data-testid="agreement"
      />
      <Text onClick={() => onChange(!checked)}>我已阅读并同意</Text>
      <Text className="link" onClick={() => open('agreement')}>
        《用户协议》
      </Text>
      <Text>和</Text>
      <Text className="link" onClick={() => open('privacy')}>
        《隐私政策》
      </Text>
    </View>
  )
}

export const AGREEMENT_REQUIRED = '请先阅读并同意用户协议和隐私政策'
