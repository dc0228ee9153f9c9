import { Text, Textarea, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useRef, useState } from 'react'
import FormError from '@/components/Form/FormError'
import SubmitButton from '@/components/Form/SubmitButton'
import { useFormSubmit } from '@/components/Form/useFormSubmit'
import ImageUploader from '@/components/ImageUploader'
import { checkUploads } from '@/components/ImageUploader/uploads'
import { useImageUploads } from '@/components/ImageUploader/useImageUploads'
import LoginRequired from '@/components/LoginRequired'
import { Limits } from '@rules/limits'
import { savePost } from '@/features/feed/api'
import { checkPost } from '@/features/feed/checkPost'
import { markFeedChanged } from '@/features/feed/feedChanged'
import {
  nextPostDraft,
  openPostDraft,
  POST_DRAFT_KEY,
  type OpenedDraft,
} from '@/features/feed/postDraft'
import { useStores } from '@/stores'
import './report.scss'

function readDraft(): OpenedDraft {
  try {
    return openPostDraft(Taro.getStorageSync(POST_DRAFT_KEY), Date.now())
  } catch {
    return openPostDraft(null, Date.now())
  }
}

/** Writing a reading report: text and up to nine pictures; the draft stays until it is posted. */
function ComposePage() {
  const { session } = useStores()
  const [initial] = useState(readDraft)
  const [content, setContent] = useState(initial.content)
  const uploads = useImageUploads(Limits.postMaxImages, initial.images)
  const check = () => checkUploads(uploads.items) || checkPost(content, uploads.urls.length)
  const form = useFormSubmit('发表失败', check)
  /** Accepted: the page is about to close; a second tap must not post it again. */
  const sent = useRef(false)
  const imagesSince = useRef(initial.imagesSince)

  useEffect(() => {
    if (initial.imagesExpired) {
      void Taro.showToast({ title: '草稿中的图片已过期，请重新添加', icon: 'none' })
    }
  }, [initial])

  // The draft (text and uploaded pictures) survives leaving the page and a refused post.
  useEffect(() => {
    const draft = nextPostDraft(imagesSince.current, content, uploads.urls, Date.now())
    imagesSince.current = draft.imagesSince
    try {
      Taro.setStorageSync(POST_DRAFT_KEY, draft)
    } catch {
      // storage unavailable: the draft lives as long as the page
    }
  }, [content, uploads.urls.join('|')]) // eslint-disable-line react-hooks/exhaustive-deps

  if (!session.isLoggedIn) return <LoginRequired />

  const submit = () => {
    if (sent.current || form.busy) return
    return form.submit(check(), async () => {
      await savePost({ content: content.trim(), images: uploads.urls })
      sent.current = true
      Taro.removeStorageSync(POST_DRAFT_KEY)
      markFeedChanged()
      void Taro.showToast({ title: '发表成功', icon: 'success' })
      setTimeout(() => void Taro.navigateBack().catch(() => undefined), 800)
    })
  }

  return (
    <View className="page form-page compose">
      <Textarea
        className="compose__text"
        name="content"
        value={content}
        placeholder="分享你的读书心得…"
        maxlength={Limits.postMaxChars}
        autoHeight
        onInput={(e) => setContent(e.detail.value)}
      />
      <Text className="muted compose__count">
        {content.length}/{Limits.postMaxChars}
      </Text>
      <ImageUploader uploads={uploads} testPrefix="post" />
      <FormError text={form.error} />
      <View data-testid="post-submit">
        <SubmitButton busy={form.busy || uploads.uploading > 0} onClick={() => void submit()}>
          发表
        </SubmitButton>
      </View>
    </View>
  )
}

export default observer(ComposePage)
