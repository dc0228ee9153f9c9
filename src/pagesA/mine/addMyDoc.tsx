import { Text, View } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import Empty from '@/components/Empty'
import FormError from '@/components/Form/FormError'
import SubmitButton from '@/components/Form/SubmitButton'
import LoginRequired from '@/components/LoginRequired'
import { Route } from '@/core/routes'
import DocFields from '@/features/documents/components/DocFields'
import StateChip from '@/features/documents/components/StateChip'
import { docMeta, docStateChip } from '@/features/documents/format'
import { useContribute } from '@/features/documents/useContribution'
import { useStores } from '@/stores'
import '@/features/documents/components/docForm.scss'

/** 投稿: one of my documents submitted to the public library, public once an operator approves it. */
function ContributePage() {
  const { params } = useRouter()
  const { session } = useStores()
  const c = useContribute(Number(params.id), session.isLoggedIn)

  if (!session.isLoggedIn) return <LoginRequired text="登录后才能投稿" />

  const candidates = c.candidates.data
  const doc = c.doc.data
  const chip = doc ? docStateChip(doc) : null
  const blocked = chip !== null && (chip.tone === 'pending' || chip.tone === 'ok')

  return (
    <View className="page doc-form">
      {candidates && (
        <View className="card">
          <Text className="form-heading">选择要投稿的文档</Text>
          {candidates.length === 0 ? (
            <Empty
              kind="generic"
              text="没有可以投稿的文档，先上传一份吧"
              action={
                <Text className="link" onClick={() => void Taro.navigateTo({ url: Route.addDoc })}>
                  上传文档
                </Text>
              }
            />
          ) : (
            candidates.map((item) => (
              <View
                key={item.id}
                className={
                  item.id === c.chosenId ? 'doc-form__pick doc-form__pick--on' : 'doc-form__pick'
                }
                data-testid={`contribute-pick-${item.id}`}
                onClick={() => c.choose(item.id)}
              >
                <Text className="doc-form__pick-title">{item.title}</Text>
                <Text className="muted">{item.id === c.chosenId ? '已选择' : docMeta(item)}</Text>
              </View>
            ))
          )}
        </View>
      )}
      {c.candidates.error && !candidates && <Empty kind="error" text={c.candidates.error} />}
      {c.doc.error && <Empty kind="error" text={c.doc.error} />}
      {doc && chip && (
        <View className="card">
          <View className="doc-form__head">
            <Text className="form-heading">投稿到文库</Text>
            <Text className="muted">
              {docMeta(doc)} · 当前状态 <StateChip chip={chip} />
            </Text>
          </View>
          <DocFields values={c.values} onChange={c.change} categories={c.categories} />
        </View>
      )}
      {doc && (
        <View className="page-pad doc-form__foot">
          <FormError
            text={blocked ? (chip?.tone === 'ok' ? '该文档已公开' : '该文档已在审核中') : c.error}
          />
          <View data-testid="contribute-submit">
            <SubmitButton busy={c.busy || blocked} onClick={() => void c.submit()}>
              提交审核
            </SubmitButton>
          </View>
          <Text className="muted doc-form__note">
            提交后进入审核，审核通过后文档将公开到文库，所有人都能阅读；未通过时可以看到原因，修改后重新提交。
          </Text>
        </View>
      )}
    </View>
  )
}

export default observer(ContributePage)
