/**
 * `@tarojs/taro` for jest: the H5 implementation plus the page hooks of the React runtime, which
 * Taro's build would otherwise wire in. The default export carries every API, as it does in a build.
 */
import * as h5 from '@tarojs/taro-h5'
import * as hooks from '@tarojs/plugin-framework-react/dist/runtime'

export * from '@tarojs/taro-h5'
export {
  useDidHide,
  useDidShow,
  useLaunch,
  useLoad,
  usePageScroll,
  usePullDownRefresh,
  useReachBottom,
  useReady,
  useRouter,
  useShareAppMessage,
  useUnload,
} from '@tarojs/plugin-framework-react/dist/runtime'

const { default: base, ...apis } = h5
const Taro = Object.assign(base, apis, {
  useDidHide: hooks.useDidHide,
  useDidShow: hooks.useDidShow,
  useLaunch: hooks.useLaunch,
  useLoad: hooks.useLoad,
  usePageScroll: hooks.usePageScroll,
  usePullDownRefresh: hooks.usePullDownRefresh,
  useReachBottom: hooks.useReachBottom,
  useReady: hooks.useReady,
  useRouter: hooks.useRouter,
  useShareAppMessage: hooks.useShareAppMessage,
  useUnload: hooks.useUnload,
})

export default Taro
