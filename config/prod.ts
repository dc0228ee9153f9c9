import type { UserConfigExport } from '@tarojs/cli'

/**
 * The mini-program's JS keeps Chinese text as UTF-8: Taro's default terser output (`ascii_only`)
 * writes each character as a six-byte \u escape, twice its UTF-8 size, in a main package held to
 * its budget. WeChat reads package files as UTF-8.
 */
const weappTerser =
  process.env.TARO_ENV === 'weapp'
    ? { terser: { enable: true, config: { output: { ascii_only: false } } } }
    : {}

export default {
  ...weappTerser,
  mini: {},
  h5: {},
} satisfies UserConfigExport<'webpack5'>
