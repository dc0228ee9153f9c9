// The H5 build's stand-in for the `platform` package (config/shims/platform.js) answers what
// platform.js answers for the fields Taro's getSystemInfoSync reads.
import { parse, type PlatformInfo } from '../../config/shims/platform.js'

// The real package, which has no types of its own: its parse answers the same shape.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const platformJs: { parse(ua: string): PlatformInfo } = require('platform')

const USER_AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.44(0x18002c2d) NetType/WIFI Language/zh_CN',
  'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 13; V2218A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/111.0.5563.116 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  'Mozilla/5.0 (Linux; Android 12; NOH-AN00 Build/HUAWEINOH-AN00; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/99.0.4844.88 Mobile Safari/537.36 MicroMessenger/8.0.40',
  'Mozilla/5.0 (Linux; Android 14; SM-S9180 Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/118.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.40',
  'Mozilla/5.0 (Linux; Android 13; 23013RK75C Build/TKQ1.221114.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
]

/** The four fields Taro's getDeviceInfo takes from platform, as it takes them. */
function taroFields(p: PlatformInfo) {
  return {
    brand: p.manufacturer || 'unknown',
    model: p.product || 'unknown',
    system: p.os?.toString() || 'unknown',
    platform: p.os?.family || 'unknown',
  }
}

test.each(USER_AGENTS)('%s', (ua) => {
  expect(taroFields(parse(ua))).toEqual(taroFields(platformJs.parse(ua)))
})

test('an unknown agent gives unknown, never "null"', () => {
  expect(taroFields(parse('curl/8.0'))).toEqual({
    brand: 'unknown',
    model: 'unknown',
    system: 'unknown',
    platform: 'unknown',
  })
})
