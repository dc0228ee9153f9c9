/// <reference types="@tarojs/taro" />

declare module '*.png'
declare module '*.gif'
declare module '*.jpg'
declare module '*.jpeg'
declare module '*.svg'
declare module '*.css'
declare module '*.less'
declare module '*.scss'
declare module '*.sass'
declare module '*.styl'

declare namespace NodeJS {
  interface ProcessEnv {
    TARO_ENV: 'weapp' | 'swan' | 'alipay' | 'h5' | 'rn' | 'tt' | 'quickapp' | 'qq' | 'jd'
    /** Where the app's calls go. Empty on H5 (same origin); the server's address on weapp. */
    TARO_APP_API_BASE?: string
    /** Where the H5 app is served, for links and QR codes made in the mini-program. */
    TARO_APP_H5_ORIGIN?: string
    /** Extra hosts web views may open (comma-separated). */
    TARO_APP_WEBVIEW_HOSTS?: string
  }
}
