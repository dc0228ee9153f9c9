/**
 * The platform's side of paying (pay.ts): Taro.requestPayment in the mini-program, WeixinJSBridge
 * in WeChat's browser, the 模拟支付 modal for the local double.
 */
import Taro from '@tarojs/taro'
import { isWeChatBrowser, isWeapp } from '@/core/platform'
import type { PayParams } from '@/types/api/shop'
import { formatFen } from '@rules/shop'
import { confirmLocalPay, fetchOrder } from './api'
import type { PayDeps, PayEnv } from './pay'

interface WeixinJSBridge {
  invoke(name: string, params: PayParams, callback: (res: { err_msg?: string }) => void): void
}

/** WeChat's browser puts its bridge on window (Taro's types call it any). */
const currentBridge = (): WeixinJSBridge | undefined =>
  (window as unknown as { WeixinJSBridge?: WeixinJSBridge }).WeixinJSBridge

export const payEnv = (): PayEnv => (isWeapp() ? 'weapp' : isWeChatBrowser() ? 'wechat-h5' : 'h5')

/** WeChat's bridge, once WeChat's browser has made it (WeixinJSBridgeReady). */
function bridge(): Promise<WeixinJSBridge> {
  const ready = currentBridge()
  if (ready) return Promise.resolve(ready)
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('微信支付暂不可用')), 5000)
    document.addEventListener(
      'WeixinJSBridgeReady',
      () => {
        clearTimeout(timer)
        const made = currentBridge()
        if (made) resolve(made)
        else reject(new Error('微信支付暂不可用'))
      },
      { once: true },
    )
  })
}

export function platformPayDeps(): PayDeps {
  return {
    env: payEnv(),
    requestPayment: (params) => Taro.requestPayment(params),
    bridgePay: async (params) => {
      const wx = await bridge()
      return new Promise<string>((resolve) =>
        wx.invoke('getBrandWCPayRequest', params, (res) => resolve(res.err_msg ?? '')),
      )
    },
    confirm: async (title, content, confirmText) =>
      (await Taro.showModal({ title, content, confirmText, cancelText: '取消' })).confirm,
    confirmLocal: confirmLocalPay,
    fetchOrder,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    formatAmount: formatFen,
  }
}
