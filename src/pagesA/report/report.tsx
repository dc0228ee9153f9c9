import { Text, Textarea, View } from '@tarojs/components'
import { clipText, textLength } from '@rules/validate'
import { observer } from 'mobx-react-lite'
import { useEffect, useRef, useState } from 'react'
import { finishWith } from '@/core/finish'
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
import { usePostDraft } from '@/features/feed/usePostDraft'
import { useStores } from '@/stores'
import './report.scss'

/** Writing a reading report: text and up to nine pictures; the draft stays until it is posted. */
function ComposePage() {
  const { session, feed } = useStores()
  const draft = usePostDraft()
  const [content, setContent] = useState(draft.initial.content)
  const uploads = useImageUploads(Limits.postMaxImages, draft.initial.images)
  const check = () => checkUploads(uploads.items) || checkPost(content, uploads.urls.length)
  const form = useFormSubmit('发表失败', check)
  /** Accepted: the page is about to close; a second tap must not post it again. */
  const sent = useRef(false)

  // The draft (text and uploaded pictures) survives leaving the page and a refused post.
  const { keep } = draft
  const imageKey = uploads.urls.join('|')
  useEffect(() => {
    if (!sent.current) keep(content, uploads.urls)
  }, [content, imageKey, keep]) // eslint-disable-line react-hooks/exhaustive-deps

  if (!session.isLoggedIn) return <LoginRequired />

  const submit = () => {
    if (sent.current || form.busy) return
    return form.submit(check(), async () => {
      await savePost({ content: content.trim(), images: uploads.urls })
      sent.current = true
      draft.clear()
      feed.markChanged()
      finishWith('发表成功', 'back')
    })
  }

  return (
    <View className="page form-page compose">
      <Textarea
        className="compose__text"
        name="content"
        value={content}
        placeholder="分享你的读书心得…"
        // The native limit counts UTF-16 units: leave room for emoji, cut by characters here.
        maxlength={Limits.postMaxChars * 2}
        autoHeight
        onInput={(e) => setContent(clipText(e.detail.value, Limits.postMaxChars))}
      />
      <Text className="muted compose__count">
        {textLength(content)}/{Limits.postMaxChars}
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
