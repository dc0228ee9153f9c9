import { Input, Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import Empty from '@/components/Empty'
import FormError from '@/components/Form/FormError'
import SubmitButton from '@/components/Form/SubmitButton'
import LoginRequired from '@/components/LoginRequired'
import { COVER_KEY, MODE_TITLES, PAGES_KEY, type IssueMode } from '@/features/magazines/issueForm'
import { useIssueForm } from '@/features/magazines/useIssueForm'
import {
  ArticleEditor,
  Chip,
  OwnerPicker,
  ReviewTag,
  UploadField,
} from '@/features/periodicals/public'
import { useStores } from '@/stores'
import { PeriodicalLimits } from '@rules/periodicals'

const positiveInt = (raw: string | undefined): number | undefined => {
  const n = Number(raw)
  return Number.isInteger(n) && n > 0 ? n : undefined
}

const MODES: IssueMode[] = ['articles', 'pages']

/**
 * Uploading an issue for review: a new magazine or one of mine, the issue's title and cover, then
 * text articles or page images, each image uploaded with its progress. `issueId`: editing one of
 * my issues (the reason it was turned down shown above), sent again for review.
 */
function MagazineAddPage() {
  const { params } = useRouter()
  const { session } = useStores()
  const f = useIssueForm(
    { issueId: positiveInt(params.issueId), magazineId: positiveInt(params.magazineId) },
    session.isLoggedIn,
  )
  const { form, draft } = f

  if (!session.isLoggedIn) return <LoginRequired text="登录后才能上传杂志" />
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
        noun="杂志"
        mine={f.owners}
        categories={f.categories}
        value={form.owner}
        onChange={f.setOwner}
        lockedName={draft?.magazineName}
      />

      <View className="upload-form__section">
        <Text className="upload-form__label">本期标题</Text>
        <Input
          className="upload-form__input"
          name="title"
          value={form.title}
          placeholder={`如：第1期、2024年春季号（${PeriodicalLimits.issueTitleMaxChars}字以内）`}
          maxlength={PeriodicalLimits.issueTitleMaxChars * 2}
          onInput={(e) => f.setTitle(e.detail.value)}
        />
        <UploadField
          reportKey={COVER_KEY}
          label="封面"
          max={1}
          initial={form.initialCover}
          testPrefix="cover"
          onReport={f.report}
        />
      </View>

      <View className="upload-form__section">
        <Text className="upload-form__label">内容</Text>
        <View className="upload-form__chips">
          {MODES.map((mode) => (
            <Chip
              key={mode}
              label={MODE_TITLES[mode]}
              active={form.mode === mode}
              testId={`mode-${mode}`}
              onClick={() => f.setMode(mode)}
            />
          ))}
        </View>
        {/* Both stay mounted: switching back finds the images already uploaded. */}
        <View style={{ display: form.mode === 'articles' ? 'block' : 'none' }}>
          {form.articles.map((article, i) => (
            <ArticleEditor
              key={article.key}
              index={i}
              value={article}
              onChange={f.changeArticle}
              onReport={f.report}
              onRemove={form.articles.length > 1 ? () => f.removeArticle(article.key) : undefined}
              testPrefix={`article-${i}`}
            />
          ))}
          {form.articles.length < PeriodicalLimits.issueMaxArticles && (
            <View className="upload-form__add" data-testid="add-article" onClick={f.addArticle}>
              + 添加文章
            </View>
          )}
        </View>
        <View style={{ display: form.mode === 'pages' ? 'block' : 'none' }}>
          <UploadField
            reportKey={PAGES_KEY}
            label="页面图片"
            hint={`按顺序上传，最多${PeriodicalLimits.issueMaxPages}页`}
            max={PeriodicalLimits.issueMaxPages}
            initial={form.initialPages}
            testPrefix="pages"
            onReport={f.report}
          />
        </View>
      </View>

      <FormError text={f.formError} />
      <View data-testid="issue-submit">
        <SubmitButton busy={f.busy} onClick={f.submit}>
          提交审核
        </SubmitButton>
      </View>
    </View>
  )
}

export default observer(MagazineAddPage)
