/**
 * The one HTTP client of the app: `createClient` (client.ts) wired to Taro. Nothing else calls
 * Taro.request or Taro.uploadFile (which lives in upload/, loaded on first use on H5).
 */
import Taro from '@tarojs/taro'
import { createClient, type Client } from './client'
import { session } from './session'
import type { ClientUI, Transport } from './transport'
import { upload } from './upload/loadUpload'

export { createClient, DEFAULT_UPLOAD_URL } from './client'
export type {
  AnyEnvelope,
  CallOptions,
  Client,
  ClientOptions,
  Params,
  RawOptions,
  RequestOptions,
  UploadOptions,
} from './client'
export { API_BASE, apiUrl } from './apiBase'

export const taroTransport: Transport = {
  async request(req) {
    const res = await Taro.request({
      url: req.url,
      method: req.method,
      header: req.header,
      data: req.data,
      timeout: req.timeout,
      responseType: req.responseType,
      dataType: req.responseType === 'arraybuffer' ? '其他' : 'json',
    })
    return { statusCode: res.statusCode, data: res.data as unknown }
  },

  upload,
}

export const taroUI: ClientUI = {
  toast(message) {
    Taro.showToast({ title: message, icon: 'none', duration: 2000 }).catch(() => undefined)
  },
  confirm(options) {
    return Taro.showModal({ ...options, showCancel: true })
      .then((res) => res.confirm)
      .catch(() => false)
  },
  navigateTo(url) {
    // Ten pages deep, a mini-program refuses navigateTo; replace the page instead.
    Taro.navigateTo({ url }).catch(() => Taro.redirectTo({ url }).catch(() => undefined))
  },
  navigateBack() {
    Taro.navigateBack({ delta: 1 }).catch(() => undefined)
  },
}

/** The app's client. */
export const http: Client = createClient({ transport: taroTransport, ui: taroUI, session })

export const request: Client['request'] = http.request
export const query: Client['query'] = http.query
export const rest: Client['rest'] = http.rest
export const callQuery: Client['callQuery'] = http.callQuery
export const callRest: Client['callRest'] = http.callRest
/** Sends a declared call: `call(feedCalls.postList.rest, { page: 1 })`. */
export const call: Client['call'] = http.call
export const uploadFile: Client['uploadFile'] = http.uploadFile
export const fetchRaw: Client['fetchRaw'] = http.fetchRaw
export const promptLogin: Client['promptLogin'] = http.promptLogin
