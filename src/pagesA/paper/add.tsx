import { Input, Picker, Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import Empty from '@/components/Empty'
import FormError from '@/components/Form/FormError'
import SubmitButton from '@/components/Form/SubmitButton'
import LoginRequired from '@/components/LoginRequired'
import PageEditor from '@/features/newspapers/components/PageEditor'
import { longDate } from '@/features/newspapers/editions'
import { useEditionForm } from '@/features/newspapers/useEditionForm'
import { OwnerPicker, ReviewTag } from '@/features/periodicals/public'
import { useStores } from '@/stores'
import { PeriodicalLimits } from '@rules/periodicals'

const positiveInt = (raw: string | undefined): number | undefined => {
  const n = Number(raw)
  return Number.isInteger(n) && n > 0 ? n : undefined
}

/**
 * Uploading an edition for review: a new newspaper or one of mine, its date (not after today),
 * an optional title and its pages (版面), each a name, an image uploaded with its progress and any
 * articles on it. `editionId`: editing one of my editions (the reason it was turned down shown).
 */
function NewspaperAddPage() {
  const { params } = useRouter()
  const { session } = useStores()
  const f = useEditionForm(
    { editionId: positiveInt(params.editionId), newspaperId: positiveInt(params.newspaperId) },
    session.isLoggedIn,
  )
  const { form, draft } = f

  if (!session.isLoggedIn) return <LoginRequired text="登录后才能上传报纸" />
  if (f.error && !form) {
    return (
      <Empty
        kind="error"
        text={f.error}
        action={
          <Text className="link" onClick={f.retry}>
            点击重试
          </Text>
        }
      />
    )
  }
  if (!form) return <View className="muted upload-form">加载中…</View>

  return (
    <View className="page form-page upload-form">
      {draft && (
        <View className="upload-form__section">
          <ReviewTag state={draft.reviewState} />
          {draft.reviewState === 'rejected' && (
            <View className="upload-form__reason" data-testid="review-reason">
              未通过审核：{draft.reviewReason || '未说明原因'}。修改后可重新提交。
            </View>
          )}
        </View>
      )}
      <OwnerPicker
        noun="报纸"
        mine={f.owners}
        categories={f.categories}
        value={form.owner}
        onChange={f.setOwner}
        lockedName={draft?.newspaperName}
      />

      <View className="upload-form__section">
        <Text className="upload-form__label">日期</Text>
        <Picker
          mode="date"
          value={form.date}
          end={f.today}
          onChange={(e) => f.setDate(e.detail.value)}
        >
          <View className="upload-form__picker" data-testid="edition-date">
            {longDate(form.date)}
          </View>
        </Picker>
        <Text className="upload-form__label">标题（选填，默认为日期）</Text>
        <Input
          className="upload-form__input"
          name="title"
          value={form.title}
          placeholder={`${PeriodicalLimits.editionTitleMaxChars}字以内`}
          maxlength={PeriodicalLimits.editionTitleMaxChars * 2}
          onInput={(e) => f.setTitle(e.detail.value)}
        />
      </View>

      <View className="upload-form__section">
        <Text className="upload-form__label">版面</Text>
        {form.pages.map((page, i) => (
          <PageEditor
            key={page.key}
            index={i}
            page={page}
            onRename={(name) => f.renamePage(page.key, name)}
            onReport={f.report}
            onAddArticle={() => f.addArticle(page.key)}
            onChangeArticle={(next) => f.changeArticle(page.key, next)}
            onRemoveArticle={(key) => f.removeArticle(page.key, key)}
            onRemove={form.pages.length > 1 ? () => f.removePage(page.key) : undefined}
          />
        ))}
        {form.pages.length < PeriodicalLimits.editionMaxPages && (
          <View className="upload-form__add" data-testid="add-page" onClick={f.addPage}>
            + 添加版面
          </View>
        )}
      </View>

      <FormError text={f.formError} />
      <View data-testid="edition-submit">
        <SubmitButton busy={f.busy} onClick={f.submit}>
          提交审核
        </SubmitButton>
      </View>
    </View>
  )
}

export default observer(NewspaperAddPage)
