import { Text, View } from '@tarojs/components'
import { useEffect, useRef } from 'react'
import ImageUploader from '@/components/ImageUploader'
import { checkUploads } from '@/components/ImageUploader/uploads'
import { useImageUploads } from '@/components/ImageUploader/useImageUploads'
import type { UploadReport } from './uploadForm'
import './UploadForm.scss'

interface Props {
  /** The key the form knows this field's images by. */
  reportKey: string
  label?: string
  hint?: string
  max: number
  /** URLs uploaded earlier (an edit), shown as done. */
  initial: string[]
  testPrefix: string
  onReport: (key: string, report: UploadReport) => void
}

/**
 * Images for one part of an upload form (a cover, an article's images, the page images), each
 * uploaded at once with its progress; tells the form the uploaded URLs, in order, and whether any
 * is still uploading or failed.
 */
export default function UploadField(props: Props) {
  const { reportKey, onReport } = props
  const uploads = useImageUploads(props.max, props.initial)
  const report = useRef(onReport)
  report.current = onReport
  const urls = uploads.urls.join('\n')
  const problem = checkUploads(uploads.items)
  useEffect(() => {
    report.current(reportKey, { urls: urls ? urls.split('\n') : [], problem })
  }, [reportKey, urls, problem])

  return (
    <View className="upload-field">
      {props.label && (
        <View className="upload-field__head">
          <Text className="upload-field__label">{props.label}</Text>
          {props.hint && <Text className="muted">{props.hint}</Text>}
        </View>
      )}
      <ImageUploader uploads={uploads} testPrefix={props.testPrefix} />
    </View>
  )
}
