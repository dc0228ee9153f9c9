import Taro from '@tarojs/taro'
import * as calls from '@/types/api/calls/chat.gen'
import type { ChatUploadRes } from '@/types/api/chat'
import { apiUrl, call, uploadFile } from '@/core/request'
import { session } from '@/core/session'
import type { LocalTransport, SocketLike } from './transport'

/** The local engine on Taro: the app's request client (silent) and Taro's sockets. */
export const taroTransport: LocalTransport = {
  call: (ref, input) => call(ref, input, { silent: true }),
  upload: (file, onProgress) =>
    uploadFile<ChatUploadRes>({
      url: calls.upload.rest.path,
      filePath: file.path,
      silent: true,
      onProgress,
      formData: { name: file.name },
    }),
  async token() {
    const fresh = await session.ensureFreshToken().catch(() => false)
    const value = fresh ? session.authorization() : null
    return value ? value.replace(/^Bearer\s+/i, '') : ''
  },
  socketUrl: () => apiUrl('/api/chat/ws').replace(/^http/, 'ws'),
  watchNetwork(onChange) {
    if (process.env.TARO_ENV === 'h5') {
      window.addEventListener('offline', () => onChange(false))
      window.addEventListener('online', () => onChange(true))
    } else if (typeof Taro.onNetworkStatusChange === 'function') {
      Taro.onNetworkStatusChange((res) => onChange(res.isConnected))
    }
  },
  openSocket(url) {
    const handlers: { open?: () => void; message?: (t: string) => void; close?: () => void } = {}
    let task: Taro.SocketTask | null = null
    let closed = false
    const close = () => {
      if (closed) return
      closed = true
      handlers.close?.()
    }
    void Taro.connectSocket({ url, fail: close })
      .then((t) => {
        task = t
        t.onOpen(() => handlers.open?.())
        t.onMessage((res) => {
          if (typeof res.data === 'string') handlers.message?.(res.data)
        })
        t.onClose(close)
        t.onError(close)
        if (closed) t.close({})
      })
      .catch(close)
    const socket: SocketLike = {
      send: (text) => task?.send({ data: text }),
      close: () => {
        task?.close({})
        close()
      },
      onOpen: (cb) => (handlers.open = cb),
      onMessage: (cb) => (handlers.message = cb),
      onClose: (cb) => (handlers.close = cb),
    }
    return socket
  },
}
