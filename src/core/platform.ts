import Taro from '@tarojs/taro'
/** The one place that asks which platform the app runs on. */
export const isWeapp = (): boolean => process.env.TARO_ENV === 'weapp'
export const isH5 = (): boolean => process.env.TARO_ENV === 'h5'

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Text made inert for an HTML sink: every markup character becomes its entity. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch])

const TITLE_BAR = '#taro-navigation-bar .taro-navigation-bar-title'
const guardedBars = new WeakSet<Element>()

/**
 * Turns the H5 title bar's innerHTML into a text setter, so whatever Taro's router writes there (a
 * title it cached for the page, a page's configured title, document.title) shows as text and never
 * becomes elements. False when the bar is not there.
 */
function guardTitleBar(): boolean {
  const bar = document.querySelector(TITLE_BAR)
  if (!bar) return false
  if (!guardedBars.has(bar)) {
    Object.defineProperty(bar, 'innerHTML', {
      configurable: true,
      get(this: Element) {
        return escapeHtml(this.textContent ?? '')
      },
      set(this: Element, value: unknown) {
        this.textContent = String(value ?? '')
      },
    })
    guardedBars.add(bar)
  }
  return true
}

/**
 * Sets the page's title: the only way the app sets one (ESLint refuses
 * Taro.setNavigationBarTitle elsewhere). Titles often carry what people wrote (a nickname, a book
 * title), and Taro's H5 router writes titles into its bar with innerHTML, also when a page is shown
 * again from its cache; so on H5 the bar's innerHTML is made a text setter first, and where there is
 * no bar the text goes in escaped.
 */
export function setPageTitle(title: string): void {
  const text = String(title ?? '').trim()
  if (!text) return
  if (!isH5() || typeof document === 'undefined') {
    // eslint-disable-next-line no-restricted-properties -- the one place titles are set
    Taro.setNavigationBarTitle({ title: text }).catch(() => undefined)
    return
  }
  const guarded = guardTitleBar()
  // eslint-disable-next-line no-restricted-properties -- the one place titles are set
  Taro.setNavigationBarTitle({ title: guarded ? text : escapeHtml(text) }).catch(() => undefined)
  document.title = text
}

/** The address the H5 app was opened at (read when the app's first code runs). */
const ENTRY_URL = typeof location !== 'undefined' ? location.href : ''

/**
 * The address WeChat's JS-SDK signature must name: on iOS WeChat keeps the address a single-page
 * app was entered at for the whole visit, elsewhere it is the current one.
 */
export function jsSdkSigningUrl(): string {
  if (typeof location === 'undefined') return ''
  const ios = typeof navigator !== 'undefined' && /iPhone|iPad|iPod/i.test(navigator.userAgent)
  return ios && ENTRY_URL ? ENTRY_URL : location.href
}

/** True in WeChat's own browser (H5 opened from a WeChat chat or official account). */
export function isWeChatBrowser(): boolean {
  if (!isH5() || typeof navigator === 'undefined') return false
  return /MicroMessenger/i.test(navigator.userAgent)
}

/** Whether the WeChat login entry is offered: always in the mini-program, in WeChat's browser on H5. */
export const canLoginWithWeChat = (): boolean => isWeapp() || isWeChatBrowser()

/**
 * The status bar's height in px, for pages with a custom navigation bar; 0 where there is none
 * (H5 answers NaN or nothing).
 */
export function statusBarHeight(): number {
  try {
    const height = Number(Taro.getSystemInfoSync().statusBarHeight)
    return Number.isFinite(height) && height > 0 ? height : 0
  } catch {
    return 0
  }
}

/** The window's height in px (the reader's screen); a phone's as a fallback. */
export function windowHeight(): number {
  try {
    const height = Number(Taro.getSystemInfoSync().windowHeight)
    return Number.isFinite(height) && height > 0 ? height : 667
  } catch {
    return 667
  }
}

/**
 * On the mini-program, the px a custom top bar keeps free on its right for WeChat's capsule
 * button; 0 elsewhere.
 */
export function capsuleInset(): number {
  if (!isWeapp()) return 0
  try {
    const capsule = Taro.getMenuButtonBoundingClientRect()
    const width = Number(Taro.getSystemInfoSync().windowWidth)
    return Number.isFinite(width) && capsule.left > 0 ? Math.max(0, width - capsule.left) : 0
  } catch {
    return 0
  }
}
