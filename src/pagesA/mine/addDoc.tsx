import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import FormError from '@/components/Form/FormError'
import SubmitButton from '@/components/Form/SubmitButton'
import LoginRequired from '@/components/LoginRequired'
import { finishToMyDocs } from '@/features/documents/backToMine'
import DocFields from '@/features/documents/components/DocFields'
import FileField from '@/features/documents/components/FileField'
import UploadProgress from '@/features/documents/components/UploadProgress'
import { useDocUpload } from '@/features/documents/useDocUpload'
import { useStores } from '@/stores'
import '@/features/documents/components/docForm.scss'

/** Uploading a document (PDF, Word, Excel or PPT, at most 100 MB): private to me until I contribute it. */
function AddDocPage() {
  const { session } = useStores()
  const upload = useDocUpload(() => finishToMyDocs('上传成功'))

  if (!session.isLoggedIn) return <LoginRequired text="登录后才能上传文档" />

  const { progress } = upload.upload
  return (
    <View className="page doc-form">
      <View className="card">
        <DocFields values={upload.values} onChange={upload.change} categories={upload.categories} />
        <FileField upload={upload.upload} />
      </View>
      <View className="page-pad doc-form__foot">
        {progress !== null && <UploadProgress progress={progress} />}
        <FormError text={upload.error} />
        <View data-testid="doc-upload-submit">
          <SubmitButton busy={upload.busy} onClick={() => void upload.submit()}>
            {progress !== null ? '上传中…' : '上传'}
          </SubmitButton>
        </View>
        <Text className="muted doc-form__note">
          上传后仅自己可见；在“我的文档”中投稿，审核通过后进入文库，所有人可读。
        </Text>
      </View>
    </View>
  )
}

export default observer(AddDocPage)
