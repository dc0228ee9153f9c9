import { Button, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import Field from '@/components/Field'
import FormError from '@/components/Form/FormError'
import SubmitButton from '@/components/Form/SubmitButton'
import TextArea from '@/components/TextArea'
import Empty from '@/components/Empty'
import type { Application } from '@/types/api/agent'
import { AgentLimits } from '@rules/agent'
import { formatTime } from '../../format'
import AgentError from '../AgentError'
import { agentAgreementUrl, agentHomeUrl, realNameUrl } from '../../links'
import { useApply } from '../../useApply'
import './index.scss'

const go = (url: string) => () => void Taro.navigateTo({ url })

const STATE_TEXT = { pending: '审核中', rejected: '未通过' } as const

function Submitted({ application }: { application: Application }) {
  return (
    <View className="agent-apply__sent">
      <Text className="agent-apply__line">真实姓名：{application.realName}</Text>
      <Text className="agent-apply__line">手机号：{application.phone}</Text>
      <Text className="agent-apply__line">所在地区：{application.region}</Text>
      <Text className="agent-apply__line">申请理由：{application.reason}</Text>
      <Text className="muted">提交于 {formatTime(application.createdAt)}</Text>
    </View>
  )
}

interface Props {
  /** The reader is an agent (approved meanwhile): where to go. */
  onApproved: () => void
}

/**
 * The application to be an agent (吧主): its state, or the form (real name as verified, phone,
 * region, reason, the agreement). Used by the apply page, and by the agent home for a reader who
 * is no agent yet.
 */
export default function ApplyView({ onApproved }: Props) {
  const page = useApply(true, onApproved)
  const { status, draft } = page

  if (page.error && !status) return <AgentError text={page.error} onRetry={page.retry} />
  if (!status) return <View className="muted agent-apply__loading">加载中…</View>

  if (status.state === 'approved') {
    return (
      <Empty
        kind="people"
        text="您已经是吧主了"
        action={
          <Button className="btn-primary" onClick={go(agentHomeUrl())}>
            进入吧主中心
          </Button>
        }
      />
    )
  }

  const { application } = status
  const pending = status.state === 'pending'
  return (
    <View className="page agent-apply">
      <View className="card">
        <Text className="agent-apply__heading">申请成为吧主</Text>
        <Text className="agent-apply__intro">
          吧主邀请书友加入，会员在商城购书后可获得佣金，还可以给会员发放优惠券。
        </Text>
      </View>

      {application && (status.state === 'pending' || status.state === 'rejected') && (
        <View className="card agent-apply__status">
          <View className="agent-apply__status-head">
            <Text>申请状态</Text>
            <Text
              className={`agent-apply__state agent-apply__state--${status.state}`}
              data-testid="apply-state"
            >
              {STATE_TEXT[status.state]}
            </Text>
          </View>
          {status.state === 'rejected' && (
            <Text className="agent-apply__reject" data-testid="apply-reject-reason">
              驳回理由：{application.rejectReason || '未说明'}
            </Text>
          )}
          {pending ? (
            <Submitted application={application} />
          ) : (
            <Text className="muted">修改后可以重新提交申请</Text>
          )}
        </View>
      )}

      {!pending && (
        <View className="card agent-apply__form">
          {status.verifiedName ? (
            <Text className="muted" data-testid="apply-verified-name">
              实名认证姓名：{status.verifiedName}（须填写与其一致的真实姓名）
            </Text>
          ) : (
            <View className="agent-apply__verify">
              <Text>申请吧主须先完成实名认证</Text>
              <Text className="link" data-testid="apply-verify" onClick={go(realNameUrl())}>
                去实名认证 〉
              </Text>
            </View>
          )}
          <Field
            label="真实姓名"
            name="realName"
            value={draft.realName}
            maxlength={20}
            onInput={(realName) => page.change({ realName })}
            placeholder="与实名认证一致"
          />
          <Field
            label="手机号"
            name="phone"
            type="number"
            value={draft.phone}
            maxlength={11}
            onInput={(phone) => page.change({ phone })}
            placeholder="便于运营人员联系您"
          />
          <Field
            label="所在地区"
            name="region"
            value={draft.region}
            maxlength={AgentLimits.regionMaxChars}
            onInput={(region) => page.change({ region })}
            placeholder="如 浙江省杭州市"
          />
          <Text className="agent-apply__label">申请理由</Text>
          <TextArea
            name="reason"
            className="agent-apply__reason"
            value={draft.reason}
            max={AgentLimits.reasonMaxChars}
            onInput={(reason) => page.change({ reason })}
            placeholder={`说说您为什么想成为吧主（${AgentLimits.reasonMinChars}字以上）`}
          />
          <View className="agent-apply__agree">
            <View
              className={draft.agree ? 'agent-apply__box agent-apply__box--on' : 'agent-apply__box'}
              data-testid="apply-agree"
              onClick={() => page.change({ agree: !draft.agree })}
            />
            <Text onClick={() => page.change({ agree: !draft.agree })}>我已阅读并同意</Text>
            <Text className="link" data-testid="apply-agreement" onClick={go(agentAgreementUrl())}>
              《吧主协议》
            </Text>
          </View>
          <FormError text={page.form.error} />
          <View data-testid="apply-submit">
            <SubmitButton busy={page.form.busy} onClick={() => void page.submit()}>
              {status.state === 'rejected' ? '重新提交申请' : '提交申请'}
            </SubmitButton>
          </View>
        </View>
      )}
    </View>
  )
}
