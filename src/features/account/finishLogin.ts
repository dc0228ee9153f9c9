import Taro from '@tarojs/taro'
import type { LoginResult } from '@/types/api/account'
import type { RootStore } from '@/stores'

const LOGIN_PAGES = /^pages\/public\//

/**
 * After any login: keep the session, then return to the page that sent the person here (skipping
 * the login screens themselves), or the mine tab when they came straight in.
 */
export async function finishLogin(store: RootStore, result: LoginResult): Promise<void> {
  store.session.applyLogin(result)
  void Taro.showToast({ title: '登录成功', icon: 'success' })
  const pages = Taro.getCurrentPages()
  let back = 0
  for (let i = pages.length - 1; i >= 0 && LOGIN_PAGES.test(pages[i].route ?? ''); i--) back++
  const target = pages[pages.length - 1 - back]
  if (target && back > 0) await Taro.navigateBack({ delta: back })
  else await Taro.switchTab({ url: '/pages/mine/index' })
}
