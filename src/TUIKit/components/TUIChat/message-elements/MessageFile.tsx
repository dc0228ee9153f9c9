import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { resolveAssetUrl } from '@/core/assets'
import { isH5 } from '@/core/platform'
import type { Message } from '@/TUIKit/engine/types'
import { formatFileSize } from '@rules/chat'

async function open(url: string, name: string): Promise<void> {
  if (isH5()) {
    window.open(url, '_blank', 'noopener')
    return
  }
  void Taro.showLoading({ title: '下载中' })
  try {
    const res = await Taro.downloadFile({ url })
    await Taro.openDocument({ filePath: res.tempFilePath, showMenu: true }).catch(() =>
      Taro.showToast({ title: `已下载：${name}`, icon: 'none' }),
    )
  } catch {
    void Taro.showToast({ title: '下载失败', icon: 'none' })
  } finally {
    void Taro.hideLoading()
  }
}

/** A file card: name and size (B/K/M/G, two decimals); tap downloads and opens it. */
export default function MessageFile({ message }: { message: Message }) {
  const name = String(message.payload.fileName ?? '')
  const size = Number(message.payload.fileSize ?? 0)
  const url = String(message.payload.fileUrl ?? '')
  return (
    <View
      className="msg-file"
      data-testid="msg-file"
      onClick={() => {
        if (message.status === 'success') void open(resolveAssetUrl(url), name)
      }}
    >
      <View className="msg-file__info">
        <Text className="msg-file__name">{name}</Text>
        <Text className="msg-file__size">{formatFileSize(size)}</Text>
      </View>
      <Text className="msg-file__icon">📄</Text>
    </View>
  )
}
