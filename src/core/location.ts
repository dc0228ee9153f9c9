/**
 * The device's position for "nearby": WeChat's getLocation in the mini-program, the browser's
 * geolocation on H5 (low accuracy is enough: the server keeps it rounded to about 1 km).
 */
import Taro from '@tarojs/taro'
import { isWeapp } from './platform'

export interface Position {
  latitude: number
  longitude: number
}

export const LOCATION_DENIED = '无法获取位置，请在设置中允许使用位置信息'

export async function currentPosition(): Promise<Position> {
  if (isWeapp()) {
    try {
      const res = await Taro.getLocation({ type: 'wgs84' })
      return { latitude: res.latitude, longitude: res.longitude }
    } catch {
      throw new Error(LOCATION_DENIED)
    }
  }
  if (typeof navigator === 'undefined' || !navigator.geolocation) {
    throw new Error('当前浏览器不支持定位')
  }
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(
      (pos) => resolve({ latitude: pos.coords.latitude, longitude: pos.coords.longitude }),
      () => reject(new Error(LOCATION_DENIED)),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 600_000 },
    )
  })
}
