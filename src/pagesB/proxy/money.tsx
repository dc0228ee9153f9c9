import { Input, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import FormError from '@/components/Form/FormError'
import SubmitButton from '@/components/Form/SubmitButton'
import LoginRequired from '@/components/LoginRequired'
import PagedList from '@/components/PagedList'
import { Route } from '@/core/routes'
import AgentError from '@/features/agent/components/AgentError'
import TabStrip from '@/components/TabStrip'
import { billStateLabel, formatTime, signedFen } from '@/features/agent/format'
import { MONEY_TABS, useMoney } from '@/features/agent/useMoney'
import { useStores } from '@/stores'
import type { BillLine, Withdrawal } from '@/types/api/agent'
import { AgentLimits, WITHDRAW_STATE_LABELS } from '@rules/agent'
import { formatFen } from '@rules/shop'
import './money.scss'

const setCard = () => void Taro.navigateTo({ url: Route.proxySet })

function BillRow({ line }: { line: BillLine }) {
  return (
    <View className="agent-line" data-testid={`bill-${line.key}`}>
      <View className="agent-line__main">
        <Text className="agent-line__title">{line.title}</Text>
        <Text className="muted">{formatTime(line.at)}</Text>
      </View>
      <View className="agent-line__side">
        <Text
          className={
            line.amountFen >= 0
              ? 'agent-line__amount'
              : 'agent-line__amount agent-line__amount--out'
          }
        >
          {signedFen(line.amountFen)}
        </Text>
        <Text className="muted">{billStateLabel(line)}</Text>
      </View>
    </View>
  )
}

function WithdrawalRow({ w }: { w: Withdrawal }) {
  return (
    <View className="agent-line" data-testid={`withdrawal-${w.id}`}>
      <View className="agent-line__main">
        <Text className="agent-line__title">
          {w.bank} {w.cardNo}
        </Text>
        <Text className="muted">
          {w.holder} · {formatTime(w.createdAt)}
        </Text>
        {w.note !== '' && <Text className="muted">备注：{w.note}</Text>}
      </View>
      <View className="agent-line__side">
        <Text className="agent-line__amount">{formatFen(w.amountFen)}</Text>
        <Text className={`agent-line__state agent-line__state--${w.state}`}>
          {WITHDRAW_STATE_LABELS[w.state]}
        </Text>
      </View>
    </View>
  )
}

/** 资金明细: my balance, 提现 (to my card), my bill and my withdrawals. */
function AgentMoneyPage() {
  const { session } = useStores()
  const money = useMoney(session.isLoggedIn)
  const { detail } = money

  if (!session.isLoggedIn) return <LoginRequired text="登录后查看资金明细" />
  if (money.error && !detail) return <AgentError text={money.error} onRetry={money.retry} />
  if (!detail) return <View className="muted agent-money__loading">加载中…</View>

  return (
    <View className="page agent-money">
      <View className="agent-money__head">
        <Text className="agent-money__label">可提现余额</Text>
        <Text className="agent-money__balance" data-testid="money-balance">
          {formatFen(detail.balanceFen)}
        </Text>
        <Text className="agent-money__label">
          待结算 {formatFen(detail.pendingFen)} · 累计提现 {formatFen(detail.withdrawnFen)}
        </Text>
      </View>

      <View className="card agent-money__form">
        <View className="agent-money__row">
          <Text className="agent-money__yuan">¥</Text>
          <Input
            className="agent-money__input"
            name="amount"
            type="digit"
            value={money.amount}
            maxlength={12}
            placeholder={`提现金额，最低${formatFen(AgentLimits.withdrawMinFen)}`}
            onInput={(e) => money.setAmount(e.detail.value)}
          />
          <Text className="link" data-testid="withdraw-all" onClick={money.fillAll}>
            全部
          </Text>
        </View>
        {detail.hasCard ? (
          <Text className="muted">提现到已设置的银行卡，由运营人员审核后转账</Text>
        ) : (
          <View className="agent-money__nocard" data-testid="money-no-card">
            <Text>请先设置提现银行卡</Text>
            <Text className="link" data-testid="money-set-card" onClick={setCard}>
              去设置 〉
            </Text>
          </View>
        )}
        <FormError text={money.form.error} />
        <View data-testid="withdraw-submit">
          <SubmitButton busy={money.form.busy} onClick={() => void money.submit()}>
            申请提现
          </SubmitButton>
        </View>
      </View>

      <TabStrip
        tabs={MONEY_TABS}
        current={money.tab}
        onChange={money.setTab}
        testPrefix="money-tab"
      />
      {money.tab === 'bill' ? (
        <PagedList
          key={`bill|${money.bill.generation}`}
          load={money.bill.load}
          keyOf={(line) => line.key}
          renderItem={(line) => <BillRow line={line} />}
          emptyText="还没有账单"
          emptyKind="generic"
        />
      ) : (
        <PagedList
          key={`withdrawals|${money.withdrawals.generation}`}
          load={money.withdrawals.load}
          keyOf={(w) => w.id}
          renderItem={(w) => <WithdrawalRow w={w} />}
          emptyText="还没有提现记录"
          emptyKind="generic"
        />
      )}
    </View>
  )
}

export default observer(AgentMoneyPage)
