// The page hooks of Taro's React runtime, typed as @tarojs/taro declares them.
declare module '@tarojs/plugin-framework-react/dist/runtime' {
  import type Taro from '@tarojs/taro'

  export const useDidHide: typeof Taro.useDidHide
  export const useDidShow: typeof Taro.useDidShow
  export const useLaunch: typeof Taro.useLaunch
  export const useLoad: typeof Taro.useLoad
  export const usePageScroll: typeof Taro.usePageScroll
  export const usePullDownRefresh: typeof Taro.usePullDownRefresh
  export const useReachBottom: typeof Taro.useReachBottom
  export const useReady: typeof Taro.useReady
  export const useRouter: typeof Taro.useRouter
  export const useShareAppMessage: typeof Taro.useShareAppMessage
  export const useUnload: typeof Taro.useUnload
}
