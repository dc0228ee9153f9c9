/** The least of a chat engine the chat store needs to start: listeners to emit to, an empty list. */
import type { EventName, Listener } from '@/TUIKit/engine/types'

export class TinyEngine {
  readonly kind = 'local' as const
  /** The userSigs login was called with, in order. */
  readonly logins: string[] = []
  private readonly listeners = new Map<string, Array<(e: unknown) => void>>()

  on<E extends EventName>(name: E, listener: Listener<E>): void {
    const list = this.listeners.get(name) ?? []
    list.push(listener as (e: unknown) => void)
    this.listeners.set(name, list)
  }

  emit(name: EventName, data: unknown): void {
    for (const l of this.listeners.get(name) ?? []) l({ name, data })
  }

  off(): void {}
  login = async ({ userSig }: { userSig: string }) => {
    this.logins.push(userSig)
    return { code: 0 as const, data: {} }
  }
  logout = async () => ({ code: 0 as const, data: null })
  getConversationList = async () => ({ code: 0 as const, data: { conversationList: [] } })
}
