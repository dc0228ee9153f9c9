import { Button, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import Empty from '@/components/Empty'
import DocViewer from '@/features/documents/components/DocViewer'
import { docReaderUrl } from '@/features/documents/links'
import { useDocReader } from '@/features/documents/useDocReader'
import { useShareCard } from '@/features/share/useShareCard'
import './webview.scss'

/**
 * Reading a document: on H5 a PDF's pages in the app (other formats as a download), in the
 * mini-program the file downloaded and opened in WeChat's document viewer. Each opening counts one
 * reading.
 */
export default function DocReaderPage() {
  const { params } = useRouter()
  const id = Number(params.id)
  const { doc, error, reload } = useDocReader(id)

  useShareCard({
    title: doc ? doc.title : '书友文库',
    desc: doc?.intro ?? '',
    image: doc?.thumb,
    path: docReaderUrl(id),
  })

  if (error && !doc) {
    return (
      <Empty
        kind="error"
        text={error}
        action={
          <Button className="btn-plain" onClick={() => void reload()}>
            重试
          </Button>
        }
      />
    )
  }
  if (!doc) return <View className="muted doc-reader__loading">文档加载中…</View>
  return (
    <View className="page doc-reader">
      <DocViewer doc={doc} />
    </View>
  )
}
