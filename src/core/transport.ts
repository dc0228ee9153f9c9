/**
 * What the request client needs from the platform: a transport that moves bytes and a UI that shows
 * toasts and the login modal. request.ts wires both to Taro; tests pass fakes.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

export type Header = Record<string, string>

export interface TransportRequest {
  /** Absolute, or relative to the page origin on H5. Query parameters are already in it. */
  url: string
  method: HttpMethod
  header: Header
  /** An encoded body (form or JSON text); absent for GET and DELETE. */
  data?: string
  timeout: number
  responseType?: 'text' | 'arraybuffer'
}

export interface TransportUpload {
  url: string
  filePath: string
  /** The multipart field name of the file. */
  name: string
  formData: Record<string, string>
  header: Header
  timeout: number
  /** Percent, 0..100, as the platform reports it. */
  onProgress?: (percent: number) => void
  /** Called once the upload has started, with what stops it (the promise then rejects). */
  onAbortable?: (abort: () => void) => void
}

/** Any answer, whatever its status; `data` may be an object or unparsed text. */
export interface TransportResponse {
  statusCode: number
  data: unknown
}

/** Rejects only when no answer arrived (network failure, timeout, abort). */
export interface Transport {
  request(req: TransportRequest): Promise<TransportResponse>
  upload(req: TransportUpload): Promise<TransportResponse>
}

export interface ConfirmOptions {
  title: string
  content: string
  confirmText: string
}

export interface ClientUI {
  toast(message: string): void
  /** Resolves true when the user confirms. */
  confirm(options: ConfirmOptions): Promise<boolean>
  navigateTo(url: string): void
  navigateBack(): void
}
