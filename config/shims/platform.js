// H5 build only (config/h5Webpack.ts aliases the `platform` package here). Taro's
// getSystemInfoSync/getDeviceInfo read four things from `platform` (platform.js, 15 KB minified
// on every first load): the device's maker and model and its system's name and version. This
// reads the same from the user agent, as platform.js does for the phones and computers the app
// meets: iPhone `{ manufacturer: 'Apple', product: 'iPhone', os: 'iOS 17.1' }`, Android
// `{ product: 'V2218A', os: 'Android 13' }` (platform.js knows no Chinese makers either), Windows,
// macOS and Linux. test/unit/platformShim.test.ts compares both on real user agents.

const WINDOWS = { '10.0': '10', 6.3: '8.1', 6.2: '8', 6.1: 'Server 2008 R2 / 7', '6.0': 'Vista' }

function os(ua) {
  const bits = /\b(Win64|WOW64|x86_64|x64|aarch64|arm64)\b/i.test(ua) ? 64 : 32
  let m = /\((iPhone|iPad|iPod)[^)]*? OS (\d+(?:_\d+)*)/.exec(ua)
  if (m) return { family: 'iOS', version: m[2].replace(/_/g, '.'), architecture: null }
  m = /Android (\d+(?:\.\d+)*)/.exec(ua)
  if (m) return { family: 'Android', version: m[1], architecture: null }
  m = /Windows NT (\d+\.\d+)/.exec(ua)
  if (m) return { family: 'Windows', version: WINDOWS[m[1]] || m[1], architecture: bits }
  m = /Mac OS X (\d+(?:[_.]\d+)*)/.exec(ua)
  if (m) return { family: 'OS X', version: m[1].replace(/_/g, '.'), architecture: null }
  if (/Linux/.test(ua)) return { family: 'Linux', version: null, architecture: bits }
  return { family: null, version: null, architecture: null }
}

function device(ua) {
  const apple = /\((iPhone|iPad|iPod)\b/.exec(ua)
  if (apple) return { manufacturer: 'Apple', product: apple[1] }
  const android = /Android [\d.]+;\s*([^;)]+?)(?:\s+Build\/[^;)]*)?\s*[;)]/.exec(ua)
  if (android && android[1] !== 'wv') return { manufacturer: null, product: android[1] }
  return { manufacturer: null, product: null }
}

/** What platform.js's parse answers for the fields Taro reads. */
export function parse(ua) {
  const system = os(ua || '')
  const { manufacturer, product } = device(ua || '')
  return {
    ua: ua || '',
    manufacturer,
    product,
    os: {
      family: system.family,
      version: system.version,
      architecture: system.architecture,
      toString() {
        if (!system.family) return ''
        const version = system.version ? ` ${system.version}` : ''
        return `${system.family}${version}${system.architecture === 64 ? ' 64-bit' : ''}`
      },
    },
  }
}

const platform = parse(typeof navigator === 'undefined' ? '' : navigator.userAgent)
platform.parse = parse
export default platform
