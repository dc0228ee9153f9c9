import { Switch, Text, Textarea, View } from '@tarojs/components'
import { clipText, textLength } from '@rules/validate'
import Taro, { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useState, Fragment } from 'react'
import Empty from '@/components/Empty'
import FormError from '@/components/Form/FormError'
import SubmitButton from '@/components/Form/SubmitButton'
import { useFormSubmit } from '@/components/Form/useFormSubmit'
import LoginRequired from '@/components/LoginRequired'
import { finishWith } from '@/core/finish'
import { BRAND_COLOR } from '@/core/theme'
import { useDraft } from '@/core/useDraft'
import { usePageData } from '@/core/usePageData'
import { fetchBookDetail, saveReflection } from '@/features/books/api'
import BookCover from '@/features/books/components/BookCover'
import { detailUrl } from '@/features/books/links'
import { reflectionDraftKey, reflectionProblem } from '@/features/books/reflection'
import { Limits } from '@rules/limits'
import { useStores } from '@/stores'
import './addThought.scss'

const MAX = Limits.reflectionMaxChars

/** Writing a reflection (书评) on a book (route param `id`), optionally posted to the feed too. */
function AddThoughtPage() {
  const { params } = useRouter()
  const bookId = Number(params.id)
  const valid = Number.isInteger(bookId) && bookId > 0
  const { session, feed } = useStores()
  const book = usePageData(async () => (valid ? fetchBookDetail(bookId) : null), [bookId])
  const [content, setContent, clearDraft] = useDraft(reflectionDraftKey(bookId), '')
  const [sent, setSent] = useState(false)
  const [toFeed, setToFeed] = useState(false)
  const form = useFormSubmit('发表失败')

  if (!valid) return <Empty kind="error" text="书籍不存在" />
  if (!session.isLoggedIn) return <LoginRequired kind="reflections" text="登录后才能写书评" />

  const onInput = (value: string) => {
    setContent(value)
    if (form.error) form.setError('')
  }

  // Always this handler: one that comes and goes breaks the mini-program's runtime (issue 10).
  const retryBook = () => {
    if (book.error) void book.reload()
  }

  const submit = () => {
    if (sent) return
    return form.submit(reflectionProblem(content), async () => {
      await saveReflection(bookId, content.trim(), toFeed)
      // The feed tab loads again when shown next.
      if (toFeed) feed.markChanged()
      clearDraft()
      setSent(true)
      // Opened by a link (nothing to go back to): the book's page instead.
      const hasBack = Taro.getCurrentPages().length > 1
      // A success toast shows at most 7 characters in the mini-program.
      const done = toFeed ? '已发到读后感' : '书评已发表'
      finishWith(done, hasBack ? 'back' : { redirect: detailUrl(bookId) })
    })
  }

  const shown = book.data
  return (
    <View className="page add-thought">
      <View className="add-thought__book" data-testid="thought-book" onClick={retryBook}>
        {shown ? (
          <Fragment key="book">
            <BookCover title={shown.booksName} src={shown.booksCoverSheet} width={96} />
            <View className="add-thought__who">
              <Text className="add-thought__name">{shown.booksName}</Text>
              <Text className="muted">{shown.booksAuthor}</Text>
            </View>
          </Fragment>
        ) : (
          <Text className="muted">{book.error ? `${book.error}，点击重试` : '加载中…'}</Text>
        )}
      </View>
      <View className="add-thought__editor">
        <Textarea
          className="add-thought__input"
          name="content"
          value={content}
          // The native limit counts UTF-16 units: leave room for emoji, cut by characters here.
          maxlength={MAX * 2}
          placeholder="写下你读这本书的感受…"
          disableDefaultPadding
          onInput={(e) => onInput(clipText(e.detail.value, MAX))}
        />
        <Text className="add-thought__counter" data-testid="thought-counter">
          {textLength(content)}/{MAX}
        </Text>
      </View>
      <View className="add-thought__feed">
        <View className="add-thought__feed-words">
          <Text>同时发到读后感</Text>
          <Text className="muted">书友们会在读后感里看到它</Text>
        </View>
        <Switch
          checked={toFeed}
          color={BRAND_COLOR}
          data-testid="thought-to-feed"
          onChange={(e) => setToFeed(e.detail.value)}
        />
      </View>
      <View className="page-pad">
        <FormError text={form.error} />
        <View data-testid="thought-submit">
          <SubmitButton busy={form.busy || sent} onClick={() => void submit()}>
            发表
          </SubmitButton>
        </View>
      </View>
    </View>
  )
}

export default observer(AddThoughtPage)
