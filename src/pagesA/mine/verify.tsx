import { Button, Text, View } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import Empty from '@/components/Empty'
import FormError from '@/components/Form/FormError'
import SubmitButton from '@/components/Form/SubmitButton'
import LoginRequired from '@/components/LoginRequired'
import DocFields from '@/features/documents/components/DocFields'
import FileField from '@/features/documents/components/FileField'
import StateChip from '@/features/documents/components/StateChip'
import UploadProgress from '@/features/documents/components/UploadProgress'
import { docMeta, docStateChip } from '@/features/documents/format'
import { contributeUrl } from '@/features/documents/links'
import { useResubmit } from '@/features/documents/useContribution'
import { useStores } from '@/stores'
import '@/features/documents/components/docForm.scss'

/** 审核未通过: the reviewer's reason, my edits (and optionally a new file), 重新提交 to review. */
function VerifyPage() {
  const { params } = useRouter()
  const { session } = useStores()
  const r = useResubmit(Number(params.id), session.isLoggedIn)

  if (!session.isLoggedIn) return <LoginRequired text="登录后查看审核结果" />
  if (r.doc.error && !r.doc.data) return <Empty kind="error" text={r.doc.error} />
  const doc = r.doc.data
  if (!doc) return <View className="muted doc-form__loading">加载中…</View>

  const chip = docStateChip(doc)
  if (!doc.contributed) {
    return (
      <Empty
        kind="generic"
        text="这份文档还没有投稿"
        action={
          <Button
            className="btn-primary"
            onClick={() => void Taro.redirectTo({ url: contributeUrl(doc.id) })}
          >
            去投稿
          </Button>
        }
      />
    )
  }
  const rejected = doc.reviewState === 'rejected'
  const { progress } = r.upload
  return (
    <View className="page doc-form">
      <View className="card">
        <View className="doc-form__head">
          <Text className="form-heading">{rejected ? '审核未通过' : '审核状态'}</Text>
          <Text className="muted">
            {docMeta(doc)} · <StateChip chip={chip} testId="verify-state" />
          </Text>
          {rejected ? (
            <Text className="doc-form__reason" data-testid="verify-reason">
              未通过原因：{doc.reviewReason || '未说明'}
            </Text>
          ) : (
            <Text className="muted doc-form__note">
              {chip.tone === 'pending'
                ? '文档正在审核中，修改后将重新提交审核'
                : '文档已公开，修改后将重新提交审核'}
            </Text>
          )}
        </View>
      </View>
      <View className="card">
        <DocFields values={r.values} onChange={r.change} categories={r.categories} />
        <FileField upload={r.upload} label="新文件" placeholder="可选：重新选择文件替换原文件" />
      </View>
      <View className="page-pad doc-form__foot">
        {progress !== null && <UploadProgress progress={progress} />}
        <FormError text={r.error} />
        <View data-testid="verify-submit">
          <SubmitButton busy={r.busy} onClick={() => void r.submit()}>
            重新提交
          </SubmitButton>
        </View>
        <Text className="muted doc-form__note">
          重新提交后进入审核，审核通过后文档将公开到文库。
        </Text>
      </View>
    </View>
  )
}

export default observer(VerifyPage)
