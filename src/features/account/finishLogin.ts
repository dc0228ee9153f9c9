import Taro from '@tarojs/taro'
import type { LoginResult } from '@/types/api/account'
import type { RootStore } from '@/stores'
import { Route } from '@/core/routes'

// The screens of the sign-in flow itself; anything else (real-name, agreement) is returned to.
const LOGIN_PAGES: ReadonlySet<string> = new Set([
  Route.login,
  Route.loginByWx,
  Route.register,
  Route.findPwd,
])

/**
 * How many pages to go back after a login to reach the page that sent the person to it, or null
 * when nothing is below the sign-in screens (opened straight from a link).
 */
export function stepsBackAfterLogin(routes: string[]): number | null {
  let back = 0
  for (let i = routes.length - 1; i >= 0; i--) {
    if (!LOGIN_PAGES.has(`/${routes[i].replace(/^\//, '').split('?')[0]}`)) break
    back++
  }
  return back > 0 && back < routes.length ? back : null
}

/** After any login: keep the session, then go back to where the person was, or the mine tab. */
export async function finishLogin(store: RootStore, result: LoginResult): Promise<void> {
  store.session.applyLogin(result)
  void Taro.showToast({ title: '登录成功', icon: 'success' })
  const back = stepsBackAfterLogin(Taro.getCurrentPages().map((page) => page.route ?? ''))
  if (back) await Taro.navigateBack({ delta: back })
  else await Taro.switchTab({ url: Route.mine })
}
