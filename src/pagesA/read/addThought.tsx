import { Text, Textarea, View } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useCallback, useEffect, useRef, useState } from 'react'
import Empty from '@/components/Empty'
import FormError from '@/components/Form/FormError'
import SubmitButton from '@/components/Form/SubmitButton'
import { useFormSubmit } from '@/components/Form/useFormSubmit'
import LoginRequired from '@/components/LoginRequired'
import { fetchBookDetail, saveReflection } from '@/features/books/api'
import BookCover from '@/features/books/components/BookCover'
import { detailUrl } from '@/features/books/links'
import { Limits } from '@rules/limits'
import { BLOCKED_TEXT_MESSAGE, findBlockedWords } from '@rules/moderation'
import { useStores } from '@/stores'
import type { BookDetail } from '@/types/api/books'
import './addThought.scss'

const MAX = Limits.reflectionMaxChars
const BACK_DELAY_MS = 800

/** The unsent text for a book, kept on the device until it is published. */
const draftKey = (bookId: number) => `thought_draft_${bookId}`

function readDraft(bookId: number): string {
  try {
    const value: unknown = Taro.getStorageSync(draftKey(bookId))
    return typeof value === 'string' ? value : ''
  } catch {
    return ''
  }
}

function writeDraft(bookId: number, text: string): void {
  try {
    if (text) Taro.setStorageSync(draftKey(bookId), text)
    else Taro.removeStorageSync(draftKey(bookId))
  } catch {
    // a full or unavailable storage only loses the draft
  }
}

/** What is wrong with the text before it is sent, or null. */
function problemOf(text: string): string | null {
  const content = text.trim()
  if (!content) return '请输入读后感'
  if ([...content].length > MAX) return `读后感不能超过${MAX}字`
  if (findBlockedWords(content).length) return BLOCKED_TEXT_MESSAGE
  return null
}

/** Writing a reflection on a book (route param `id`). */
function AddThoughtPage() {
  const { params } = useRouter()
  const bookId = Number(params.id)
  const valid = Number.isInteger(bookId) && bookId > 0
  const { session } = useStores()
  const [book, setBook] = useState<BookDetail | null>(null)
  const [bookError, setBookError] = useState('')
  const [content, setContent] = useState(() => (valid ? readDraft(bookId) : ''))
  const [sent, setSent] = useState(false)
  const form = useFormSubmit('发表失败')
  const backTimer = useRef<ReturnType<typeof setTimeout> | null>(null)

  const loadBook = useCallback(() => {
    if (!valid) return
    setBookError('')
    fetchBookDetail(bookId)
      .then(setBook)
      .catch((err: unknown) =>
        setBookError(err instanceof Error && err.message ? err.message : '加载失败'),
      )
  }, [bookId, valid])

  useEffect(() => {
    loadBook()
  }, [loadBook])

  // Leaving before the delayed back must not take the person one page further back.
  useEffect(
    () => () => {
      if (backTimer.current) clearTimeout(backTimer.current)
    },
    [],
  )

  if (!valid) return <Empty kind="error" text="书籍不存在" />
  if (!session.isLoggedIn) return <LoginRequired kind="reflections" text="登录后才能写读后感" />

  const onInput = (value: string) => {
    setContent(value)
    writeDraft(bookId, value)
    if (form.error) form.setError('')
  }

  const submit = () => {
    if (sent) return
    return form.submit(problemOf(content), async () => {
      await saveReflection(bookId, content.trim())
      writeDraft(bookId, '')
      setSent(true)
      void Taro.showToast({ title: '发表成功', icon: 'success' })
      backTimer.current = setTimeout(() => {
        // Opened by a link (nothing to go back to): the book's page instead.
        const toBook = () => Taro.redirectTo({ url: detailUrl(bookId) }).catch(() => undefined)
        if (Taro.getCurrentPages().length > 1) Taro.navigateBack().catch(toBook)
        else void toBook()
      }, BACK_DELAY_MS)
    })
  }

  return (
    <View className="page add-thought">
      <View
        className="add-thought__book"
        data-testid="thought-book"
        onClick={bookError ? loadBook : undefined}
      >
        {book ? (
          <>
            <BookCover title={book.booksName} src={book.booksCoverSheet} width={96} />
            <View className="add-thought__who">
              <Text className="add-thought__name">{book.booksName}</Text>
              <Text className="muted">{book.booksAuthor}</Text>
            </View>
          </>
        ) : (
          <Text className="muted">{bookError ? `${bookError}，点击重试` : '加载中…'}</Text>
        )}
      </View>
      <View className="add-thought__editor">
        <Textarea
          className="add-thought__input"
          name="content"
          value={content}
          maxlength={MAX}
          placeholder="写下你读这本书的感受…"
          disableDefaultPadding
          onInput={(e) => onInput(e.detail.value)}
        />
        <Text className="add-thought__counter" data-testid="thought-counter">
          {content.length}/{MAX}
        </Text>
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
