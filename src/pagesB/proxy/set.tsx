import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import Field from '@/components/Field'
import FormError from '@/components/Form/FormError'
import SubmitButton from '@/components/Form/SubmitButton'
import LoginRequired from '@/components/LoginRequired'
import AgentError from '@/features/agent/components/AgentError'
import { formatTime } from '@/features/agent/format'
import { realNameUrl } from '@/features/agent/links'
import { useCard } from '@/features/agent/useCard'
import { useStores } from '@/stores'
import { AgentLimits } from '@rules/agent'
import './set.scss'

const verify = () => void Taro.navigateTo({ url: realNameUrl() })

/** 提现设置: my withdrawal card, and setting it (holder = my verified name, bank, number). */
function AgentCardPage() {
  const { session } = useStores()
  const page = useCard(session.isLoggedIn)
  const { info, draft } = page

  if (!session.isLoggedIn) return <LoginRequired text="登录后设置提现银行卡" />
  if (page.error && !info) return <AgentError text={page.error} onRetry={page.retry} />
  if (!info) return <View className="muted agent-card__loading">加载中…</View>

  const { card } = info
  return (
    <View className="page agent-card">
      <View className="card">
        <Text className="agent-card__heading">当前银行卡</Text>
        {card ? (
          <View className="agent-card__current" data-testid="card-current">
            <Text className="agent-card__bank">{card.bank}</Text>
            <Text className="agent-card__no">{card.cardNo}</Text>
            <Text className="muted">
              持卡人 {card.holder} · {formatTime(card.updatedAt)} 设置
            </Text>
          </View>
        ) : (
          <Text className="muted" data-testid="card-current">
            尚未设置提现银行卡
          </Text>
        )}
      </View>

      <View className="card">
        <Text className="agent-card__heading">{card ? '更换银行卡' : '设置银行卡'}</Text>
        {info.verifiedName ? (
          <Text className="muted" data-testid="card-verified-name">
            持卡人须与实名认证姓名一致：{info.verifiedName}
          </Text>
        ) : (
          <View className="agent-card__verify">
            <Text>设置银行卡须先完成实名认证</Text>
            <Text className="link" onClick={verify}>
              去实名认证 〉
            </Text>
          </View>
        )}
        <Field
          label="持卡人"
          name="holder"
          value={draft.holder}
          maxlength={20}
          onInput={(holder) => page.change({ holder })}
          placeholder="实名认证的姓名"
        />
        <Field
          label="开户银行"
          name="bank"
          value={draft.bank}
          maxlength={AgentLimits.bankMaxChars}
          onInput={(bank) => page.change({ bank })}
          placeholder="如 招商银行"
        />
        <Field
          label="银行卡号"
          name="cardNo"
          value={draft.cardNo}
          maxlength={AgentLimits.cardMaxDigits + 4}
          onInput={(cardNo) => page.change({ cardNo })}
          placeholder="储蓄卡卡号"
        />
        <FormError text={page.form.error} />
        <View data-testid="card-save">
          <SubmitButton busy={page.form.busy} onClick={() => void page.save()}>
            保存
          </SubmitButton>
        </View>
      </View>
    </View>
  )
}

export default observer(AgentCardPage)
