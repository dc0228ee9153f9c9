import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import type { ReactNode } from 'react'
import type { DocumentSummary } from '@/types/api/documents'
import { docMeta, readCountText } from '../../format'
import { docDetailUrl } from '../../links'
import DocThumb from '../DocThumb'
import './index.scss'

interface Props {
  doc: DocumentSummary
  /** Replaces the reads and uploader line (a state and actions, the collected date). */
  extra?: ReactNode
  /** Default: the document's detail page. */
  onClick?: () => void
}

/** A document in a list: thumb (or the format's label), title, format, size and pages, reads, uploader. */
export default function DocItem({ doc, extra, onClick }: Props) {
  const open = onClick ?? (() => void Taro.navigateTo({ url: docDetailUrl(doc.id) }))
  return (
    <View
      className="doc-item"
      data-testid={`doc-${doc.id}`}
      hoverClass="doc-item--hover"
      onClick={open}
    >
      <DocThumb thumb={doc.thumb} fileType={doc.fileType} width={112} />
      <View className="doc-item__body">
        <Text className="doc-item__title">{doc.title}</Text>
        <Text className="doc-item__meta">{docMeta(doc)}</Text>
        {extra ?? (
          <View className="doc-item__foot">
            <Text className="muted">{readCountText(doc.readCount)}</Text>
            <Text className="muted doc-item__owner">
              {doc.ownerNickname ? `上传者：${doc.ownerNickname}` : '官方文档'}
            </Text>
          </View>
        )}
      </View>
    </View>
  )
}
