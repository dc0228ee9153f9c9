import { Text, View } from '@tarojs/components'
import { DOCUMENT_EXTENSIONS } from '@rules/documents'
import { formatFileSize } from '../../format'
import type { useFileUpload } from '../../useDocUpload'
import './index.scss'

interface Props {
  upload: ReturnType<typeof useFileUpload>
  /** The row's label. */
  label?: string
  /** Shown while nothing is chosen. */
  placeholder?: string
}

/** The file row of a document form: what is chosen (name and size), or a button to choose one. */
export default function FileField({ upload, label = '文件', placeholder = '选择文件' }: Props) {
  const { file } = upload
  return (
    <View className="file-field">
      <View className="file-field__row">
        <Text className="file-field__label">{label}</Text>
        <View
          className="file-field__pick"
          data-testid="doc-file-pick"
          onClick={() => void upload.choose()}
        >
          <Text className={file ? 'file-field__name' : 'file-field__name file-field__name--empty'}>
            {file ? file.name : placeholder}
          </Text>
          <Text className="file-field__size">{file ? formatFileSize(file.size) : ''}</Text>
        </View>
      </View>
      <Text className="muted file-field__hint">
        支持{DOCUMENT_EXTENSIONS.map((ext) => ext.toUpperCase()).join('、')}，不超过100MB
      </Text>
    </View>
  )
}
