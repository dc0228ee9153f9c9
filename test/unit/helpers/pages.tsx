/**
 * Pages in jsdom: one drawn inside a fresh root store (a reader signed in or a guest), found by
 * data-testid, its fields once Taro has drawn them, taps, and the pages and toasts it asked Taro
 * for. Call setUpTaroDom (./taroDom) first; the runtime's page hooks are faked by ./pageHooks.
 */
import { act, fireEvent, render, waitFor, type RenderResult } from '@testing-library/react'
import Taro from '@tarojs/taro'
import type { ComponentType } from 'react'
import { createRootStore, StoreProvider, type RootStore } from '@/stores'
import type { UserProfile } from '@/types/api/account'

/** The reader signed in by default. */
export const READER: Partial<UserProfile> = { user_id: 7, nickname: 'me' }

export type ShownPage = RenderResult & { store: RootStore }

/** Draws `Page` inside a fresh root store, with `user` signed in (a guest without one). */
export function renderPage(Page: ComponentType, user?: Partial<UserProfile>): ShownPage {
  const store = createRootStore()
  if (user) store.session.user = user as never
  const view = render(
    <StoreProvider store={store}>
      <Page />
    </StoreProvider>,
  )
  return { ...view, store }
}

/** Loads the page at `path` under src (e.g. `pagesA/shop/index`) and draws it as renderPage does. */
export async function showPage(
  path: string,
  loggedIn: boolean,
  user: Partial<UserProfile> = READER,
): Promise<ShownPage> {
  const { default: Page } = await import(`@/${path}`)
  return renderPage(Page, loggedIn ? user : undefined)
}

export const byTestId = (container: HTMLElement, id: string) =>
  container.querySelector(`[data-testid="${id}"]`) as HTMLElement

/** A form field, once Taro's web component has drawn its native element (it does so later). */
export async function field<E extends Element = HTMLElement>(
  container: HTMLElement,
  selector: string,
): Promise<E> {
  await waitFor(() => expect(container.querySelector(selector)).toBeTruthy())
  return container.querySelector(selector) as E
}

/** Taro's H5 components report a tap as a click on the element. */
export const tap = async (el: HTMLElement) => {
  await act(async () => {
    fireEvent.click(el)
  })
}

/** What a page asked of Taro: the URLs it opened or redirected to, the toasts it showed. */
export interface TaroCalls {
  navigated: string[]
  redirected: string[]
  toasts: string[]
}

/**
 * Records navigateTo, redirectTo and showToast instead of acting on them. Call it in beforeEach:
 * the spies are restored after each test (jest.config.js, restoreMocks).
 */
export function recordTaroCalls(): TaroCalls {
  const calls: TaroCalls = { navigated: [], redirected: [], toasts: [] }
  jest.spyOn(Taro, 'navigateTo').mockImplementation(((options: { url: string }) => {
    calls.navigated.push(options.url)
    return Promise.resolve({ errMsg: 'navigateTo:ok' })
  }) as never)
  jest.spyOn(Taro, 'redirectTo').mockImplementation(((options: { url: string }) => {
    calls.redirected.push(options.url)
    return Promise.resolve({ errMsg: 'redirectTo:ok' })
  }) as never)
  jest.spyOn(Taro, 'showToast').mockImplementation(((options: { title: string }) => {
    calls.toasts.push(options.title)
    return Promise.resolve({ errMsg: 'ok' })
  }) as never)
  return calls
}
