import { autorun } from 'mobx'
import { createElement, type ReactNode } from 'react'
import { act, render } from '@testing-library/react'
import { observer } from 'mobx-react-lite'
import { isDraftKey } from '@/core/drafts'
import { createRootStore, StoreProvider, useStores } from '@/stores'
import { SessionStore, type SessionApi } from '@/stores/SessionStore'
import { UnreadStore } from '@/stores/UnreadStore'
import type { TabBadgeSink } from '@/stores/tabBadge'
import { answer, loginResult, NOW, profile, rig } from './helpers/fakes'

function sessionRig(api: Partial<SessionApi> = {}) {
  const r = rig()
  const fullApi: SessionApi = {
    getMyProfile: jest.fn(async () => profile({ nickname: '新昵称' })),
    logout: jest.fn(async () => null),
    ...api,
  }
  return { ...r, api: fullApi }
}

describe('SessionStore', () => {
  it('hydrates the user from storage when a token is usable', () => {
    const r = sessionRig()
    r.session.saveLogin(loginResult())
    const store = new SessionStore({ session: r.session, api: r.api })
    expect(store.isLoggedIn).toBe(true)
    expect(store.user?.user_id).toBe(7)
    expect(store.userSig).toBe('sig-1')
  })

  it('starts logged out when both tokens have expired', () => {
    const r = sessionRig()
    r.session.saveLogin(loginResult())
    r.clock.now = NOW + 31 * 86400
    const store = new SessionStore({ session: r.session, api: r.api })
    expect(store.isLoggedIn).toBe(false)
  })

  it('applyLogin stores the session and sets the user', () => {
    const r = sessionRig()
    const store = new SessionStore({ session: r.session, api: r.api })
    const seen: boolean[] = []
    autorun(() => seen.push(store.isLoggedIn))
    store.applyLogin(loginResult())
    expect(seen).toEqual([false, true])
    expect(r.storage.get('Apiauthorization')).toBe('Bearer access-1')
    expect(store.user?.nickname).toBe('读者')
  })

  it('setUser writes userInfo and user_info', () => {
    const r = sessionRig()
    const store = new SessionStore({ session: r.session, api: r.api })
    store.applyLogin(loginResult())
    store.setUser(profile({ nickname: '书虫' }))
    expect(store.user?.nickname).toBe('书虫')
    expect(r.storage.get('userInfo')).toMatchObject({ userId: 7, nickname: '书虫' })
    expect(r.storage.get('user_info')).toEqual({ user_id: 7, user_nickname: '书虫' })
  })

  it('refreshProfile puts GetMyProfile into the store', async () => {
    const r = sessionRig()
    const store = new SessionStore({ session: r.session, api: r.api })
    store.applyLogin(loginResult())
    await expect(store.refreshProfile()).resolves.toMatchObject({ nickname: '新昵称' })
    expect(store.user?.nickname).toBe('新昵称')
    expect(r.storage.get('user_info')).toEqual({ user_id: 7, user_nickname: '新昵称' })
  })

  it('logout calls Logout with the refresh token and clears even when it fails', async () => {
    const logout = jest.fn(async () => {
      throw new Error('offline')
    })
    const r = sessionRig({ logout })
    const store = new SessionStore({ session: r.session, api: r.api })
    store.applyLogin(loginResult())
    await store.logout()
    expect(logout).toHaveBeenCalledWith('refresh-1')
    expect(store.isLoggedIn).toBe(false)
    expect(r.storage.get('access_token')).toBeUndefined()
  })

  it('follows the request layer clearing the session on 302', async () => {
    const r = sessionRig()
    r.transport.handle = () => answer(302)
    const store = new SessionStore({ session: r.session, api: r.api })
    store.applyLogin(loginResult())
    await expect(r.client.callQuery('User.User.GetMyProfile')).rejects.toMatchObject({ code: 302 })
    expect(store.isLoggedIn).toBe(false)
    expect(store.user).toBeNull()
    expect(store.userSig).toBe('')
  })
})

function sink(): TabBadgeSink & { calls: string[] } {
  const calls: string[] = []
  return {
    calls,
    show: (text) => calls.push(`show:${text}`),
    hide: () => calls.push('hide'),
  }
}

describe('UnreadStore', () => {
  it('totals named sources and applies the badge rule', () => {
    const store = new UnreadStore(sink())
    expect(store.total).toBe(0)
    expect(store.badge).toBeNull()
    store.setSource('chat', 3)
    store.setSource('notice', 4)
    expect(store.total).toBe(7)
    expect(store.badge).toBe('7')
    store.setSource('chat', 96)
    expect(store.total).toBe(100)
    expect(store.badge).toBe('99+')
    store.setSource('notice', 0)
    expect(store.total).toBe(96)
    store.setSource('chat', -5)
    store.setSource('x', Number.NaN)
    expect(store.total).toBe(0)
    expect(store.badge).toBeNull()
  })

  it('syncs the native badge on tab 1 when the text changes', () => {
    const s = sink()
    const store = new UnreadStore(s)
    store.setSource('chat', 1)
    store.setSource('chat', 1)
    store.setSource('chat', 120)
    store.setSource('chat', 130)
    store.reset()
    expect(s.calls).toEqual(['show:1', 'show:99+', 'hide'])
    store.syncTabBadge()
    expect(s.calls).toEqual(['show:1', 'show:99+', 'hide', 'hide'])
  })

  it('swallows badge failures (not a tab page)', () => {
    const store = new UnreadStore({
      show: () => {
        throw new Error('setTabBarBadge:fail not TabBar page')
      },
      hide: () => undefined,
    })
    expect(() => store.setSource('chat', 2)).not.toThrow()
    expect(store.total).toBe(2)
  })
})

describe('root store and context', () => {
  it('a cleared session also resets the unread counts and removes unsent drafts', () => {
    const r = sessionRig()
    const clearDrafts = jest.fn()
    const root = createRootStore({ session: r.session, api: r.api, tabBadge: sink(), clearDrafts })
    root.session.applyLogin(loginResult())
    root.unread.setSource('chat', 5)
    r.session.clearSession()
    expect(root.session.isLoggedIn).toBe(false)
    expect(root.unread.total).toBe(0)
    expect(clearDrafts).toHaveBeenCalledTimes(1)
    root.dispose()
  })

  it('a cleared session forgets the likes shown', async () => {
    const r = sessionRig()
    const likePost = jest.fn(async () => ({ liked: true, likeCount: 1 }))
    const root = createRootStore({
      session: r.session,
      api: r.api,
      tabBadge: sink(),
      feedApi: { likePost },
    })
    root.session.applyLogin(loginResult())
    const post = { id: 5, liked: false, likeCount: 0 } as never
    await root.feed.toggleLike(post)
    expect(root.feed.view(post)).toMatchObject({ liked: true, likeCount: 1 })
    r.session.clearSession()
    expect(root.feed.view(post)).toBe(post)
    root.dispose()
  })

  it('useStores outside a StoreProvider says so', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined)
    const Bare = () => createElement('span', null, useStores().session.user?.nickname ?? 'guest')
    expect(() => render(createElement(Bare))).toThrow(/StoreProvider/)
  })

  it('knows which storage keys are drafts', () => {
    expect(['report_draft', 'feedback_draft', 'thought_draft_12'].every(isDraftKey)).toBe(true)
    expect(['access_token', 'userInfo', 'drafty', 'reader_prefs'].some(isDraftKey)).toBe(false)
  })

  it('useStores gives observer components the provided store', () => {
    const r = sessionRig()
    const root = createRootStore({ session: r.session, api: r.api, tabBadge: sink() })
    const Name = observer(function Name(): ReactNode {
      const { session } = useStores()
      return session.user?.nickname ?? 'guest'
    })
    const view = render(createElement(StoreProvider, { store: root }, createElement(Name)))
    expect(view.container.textContent).toBe('guest')
    act(() => root.session.applyLogin(loginResult()))
    expect(view.container.textContent).toBe('读者')
    act(() => root.session.clear())
    expect(view.container.textContent).toBe('guest')
  })
})
