import Taro from '@tarojs/taro'

/** What Taro's H5 components need in jsdom: px conversion and (for lazy images) IntersectionObserver. */
export function setUpTaroDom(): void {
  Taro.initPxTransform({ designWidth: 750, deviceRatio: { 750: 1 } } as never)
  ;(globalThis as { IntersectionObserver?: unknown }).IntersectionObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
}
