/**
 * Logged in elsewhere (kickedOut): the account notice, and after 重新登录 chat logs in again with a
 * fresh userSig from the server, never the empty or stale one it started with (Tencent refuses it).
 */
import { ChatStore } from '@/stores/ChatStore'
import type { ChatEngine } from '@/TUIKit/engine/types'
import { TinyEngine } from './helpers/tinyEngine'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

function storeWith(freshUserSig: () => Promise<string>) {
  const engine = new TinyEngine()
  let confirm: () => void = () => undefined
  const notices: number[] = []
  const store = new ChatStore({
    hooks: async () => ({
      loadEngine: async () => engine as unknown as ChatEngine,
      onKickedOut: () =>
        new Promise<void>((resolve) => {
          notices.push(Date.now())
          confirm = resolve
        }),
      freshUserSig,
    }),
    onUnread: () => undefined,
  })
  return { engine, store, notices, confirm: () => confirm() }
}

describe('kicked out, then 重新登录', () => {
  it('waits for the notice, then logs in with a fresh userSig', async () => {
    let signed = 0
    const { engine, store, notices, confirm } = storeWith(async () => `fresh-${++signed}`)
    await store.start('7', 'first')
    engine.emit('kickedOut', { type: 'multipleDevice' })
    await settle()
    expect(notices).toHaveLength(1)
    // Nothing happens until the reader confirms.
    expect(engine.logins).toEqual(['first'])
    confirm()
    await settle()
    await settle()
    expect(engine.logins).toEqual(['first', 'fresh-1'])
  })

  it('does not log in again when the reader signed out meanwhile', async () => {
    const { engine, store, confirm } = storeWith(async () => 'fresh')
    await store.start('7', 'first')
    engine.emit('kickedOut', { type: 'multipleDevice' })
    await settle()
    await store.stop()
    confirm()
    await settle()
    await settle()
    expect(engine.logins).toEqual(['first'])
  })

  it('a failed signing leaves chat logged out without an unhandled rejection', async () => {
    const { engine, store, confirm } = storeWith(() => Promise.reject(new Error('offline')))
    await store.start('7', 'first')
    engine.emit('kickedOut', { type: 'multipleDevice' })
    await settle()
    confirm()
    await settle()
    await settle()
    expect(engine.logins).toEqual(['first'])
  })
})
