import type { ChatUploadRes } from '@/types/api/chat'
import type { CallDecl, CallInput, CallOutput, CallRef } from '@/types/api/contract'
import type { PickedFile } from '../types'

/** A WebSocket as both platforms give it (Taro's SocketTask, the browser's, node's `ws`). */
export interface SocketLike {
  send(text: string): void
  close(): void
  onOpen(cb: () => void): void
  onMessage(cb: (text: string) => void): void
  onClose(cb: () => void): void
}

/** A failed HTTP call: the envelope code and the text the user sees. */
export interface CallFailure {
  code: number
  message: string
}

/** What the local engine needs from the app: its HTTP calls, uploads, token and sockets. */
export interface LocalTransport {
  /** One of the chat calls (types/api/calls/chat.gen.ts), silent; rejects with a CallFailure. */
  call<D extends CallDecl>(ref: CallRef<D>, input: CallInput<D>): Promise<CallOutput<D>>
  upload(file: PickedFile, onProgress: (percent: number) => void): Promise<ChatUploadRes>
  /** The current access token ('' when signed out). */
  token(): Promise<string>
  /** ws(s)://host/api/chat/ws */
  socketUrl(): string
  openSocket(url: string): SocketLike
  /** Tells when the device goes offline (false) or online (true). */
  watchNetwork?(onChange: (online: boolean) => void): void
}
