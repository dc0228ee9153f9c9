import Taro from '@tarojs/taro'
import type { TransportResponse, TransportUpload } from '../transport'

/** An upload through Taro.uploadFile, with its progress. */
export function taroUpload(req: TransportUpload): Promise<TransportResponse> {
  const task = Taro.uploadFile({
    url: req.url,
    filePath: req.filePath,
    name: req.name,
    formData: req.formData,
    header: req.header,
    timeout: req.timeout,
  })
  if (req.onProgress) {
    const onProgress = req.onProgress
    task.onProgressUpdate((update) => onProgress(update.progress))
  }
  req.onAbortable?.(() => task.abort())
  return task.then((res): TransportResponse => ({ statusCode: res.statusCode, data: res.data }))
}
