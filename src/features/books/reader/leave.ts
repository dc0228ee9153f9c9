import Taro from '@tarojs/taro'
import { Route } from '@/core/routes'

/** Leaves the reader: back where the reader came from, or home when it was opened directly. */
export function leaveReader(): void {
  if (Taro.getCurrentPages().length > 1) void Taro.navigateBack()
  else void Taro.switchTab({ url: Route.home })
}
