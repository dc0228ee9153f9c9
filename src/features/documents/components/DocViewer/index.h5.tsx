import { Button, Text, View } from '@tarojs/components'
import { useState } from 'react'
import type { DocumentDetail } from '@/types/api/documents'
import { fileAccess } from '../../api'
import { docMeta } from '../../format'
import PdfPages from '../../reader/PdfPages.h5'
import DocThumb from '../DocThumb'
import './index.scss'

/** The file's name as the browser saves it: the title and the format's extension. */
const fileName = (doc: DocumentDetail): string =>
  `${doc.title.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'document'}.${doc.fileType}`

/**
 * Hands a Word, Excel or PPT file to the browser, which opens or saves it: read with the caller's
 * token (a document of mine that is not public needs it), then given a name.
 */
async function downloadFile(doc: DocumentDetail): Promise<void> {
  const { url, header } = await fileAccess(doc.fileUrl)
  const res = await fetch(url, { headers: header })
  if (!res.ok) throw new Error(res.status === 404 ? '文档不存在' : '下载失败')
  const href = URL.createObjectURL(await res.blob())
  const link = document.createElement('a')
  link.href = href
  link.download = fileName(doc)
  link.rel = 'noopener'
  document.body.appendChild(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(href), 60_000)
}

/**
 * The H5 document reader: a PDF's pages in the app (PdfPages, pdf.js loaded on this page only);
 * other formats as a download the browser opens.
 */
export default function DocViewer({ doc }: { doc: DocumentDetail }) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle')
  if (doc.fileType === 'pdf') return <PdfPages fileUrl={doc.fileUrl} />

  const save = () => {
    if (state === 'busy') return
    setState('busy')
    downloadFile(doc)
      .then(() => setState('idle'))
      .catch(() => setState('failed'))
  }
  return (
    <View className="doc-viewer">
      <DocThumb thumb={doc.thumb} fileType={doc.fileType} width={220} />
      <Text className="doc-viewer__title">{doc.title}</Text>
      <Text className="muted">{docMeta(doc)}</Text>
      <Text className={state === 'failed' ? 'doc-viewer__status link' : 'doc-viewer__status muted'}>
        {state === 'failed' ? '下载失败，请重试' : '网页版不能直接显示这种文件，请下载后打开'}
      </Text>
      <Button
        className="btn-primary doc-viewer__open"
        data-testid="doc-download"
        disabled={state === 'busy'}
        onClick={save}
      >
        {state === 'busy' ? '正在下载…' : '下载文档'}
      </Button>
    </View>
  )
}
