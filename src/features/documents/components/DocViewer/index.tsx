import { Button, Progress, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useEffect, useRef, useState } from 'react'
import { BRAND_COLOR } from '@/core/theme'
import type { DocumentDetail } from '@/types/api/documents'
import { fileAccess } from '../../api'
import { docMeta } from '../../format'
import DocThumb from '../DocThumb'
import './index.scss'

type Phase = 'downloading' | 'opening' | 'opened' | 'failed'

interface State {
  phase: Phase
  /** 0..100 while downloading. */
  percent: number
  message: string
}

/** Downloads the file with the caller's token (progress 0..100) to a temporary file. */
async function download(
  doc: DocumentDetail,
  onProgress: (percent: number) => void,
): Promise<string> {
  const { url, header } = await fileAccess(doc.fileUrl)
  const task = Taro.downloadFile({ url, header })
  task.onProgressUpdate?.((update) => onProgress(update.progress))
  let res: Taro.downloadFile.FileSuccessCallbackResult
  try {
    res = await task
  } catch {
    throw new Error('下载失败')
  }
  if (res.statusCode !== 200) throw new Error(res.statusCode === 404 ? '文档不存在' : '下载失败')
  return res.tempFilePath
}

/**
 * The mini-program's document reader: the file downloaded (with progress) and opened in WeChat's
 * document viewer (openDocument: PDF, Word, Excel and PPT), once when the page opens and again on
 * 打开文档; the download is kept for reopening.
 */
export default function DocViewer({ doc }: { doc: DocumentDetail }) {
  const [state, setState] = useState<State>({ phase: 'downloading', percent: 0, message: '' })
  const saved = useRef<{ id: number; path: string } | null>(null)
  const running = useRef(false)

  const open = async () => {
    if (running.current) return
    running.current = true
    try {
      let path = saved.current?.id === doc.id ? saved.current.path : ''
      if (!path) {
        setState({ phase: 'downloading', percent: 0, message: '' })
        path = await download(doc, (percent) =>
          setState({ phase: 'downloading', percent, message: '' }),
        )
        saved.current = { id: doc.id, path }
      }
      setState({ phase: 'opening', percent: 100, message: '' })
      await Taro.openDocument({ filePath: path, fileType: doc.fileType, showMenu: true })
      setState({ phase: 'opened', percent: 100, message: '' })
    } catch (err) {
      const message = err instanceof Error && err.message ? err.message : '打开失败'
      setState({ phase: 'failed', percent: 0, message: `${message}，点击重试` })
    } finally {
      running.current = false
    }
  }

  useEffect(() => {
    void open()
  }, [doc.id]) // eslint-disable-line react-hooks/exhaustive-deps

  const { phase, percent } = state
  return (
    <View className="doc-viewer">
      <DocThumb thumb={doc.thumb} fileType={doc.fileType} width={220} />
      <Text className="doc-viewer__title">{doc.title}</Text>
      <Text className="muted">{docMeta(doc)}</Text>
      {phase === 'downloading' ? (
        <View className="doc-viewer__progress" data-testid="doc-download-progress">
          <Text className="muted">正在下载 {percent}%</Text>
          <Progress
            percent={percent}
            strokeWidth={4}
            activeColor={BRAND_COLOR}
            backgroundColor="#eee"
          />
        </View>
      ) : (
        <Text
          className={phase === 'failed' ? 'doc-viewer__status link' : 'doc-viewer__status muted'}
          onClick={() => void open()}
        >
          {phase === 'failed'
            ? state.message
            : phase === 'opening'
              ? '正在打开…'
              : '已在文档查看器中打开'}
        </Text>
      )}
      <Button
        className="btn-primary doc-viewer__open"
        disabled={phase === 'downloading'}
        onClick={() => void open()}
      >
        {phase === 'opened' ? '重新打开' : '打开文档'}
      </Button>
    </View>
  )
}
