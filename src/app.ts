import { createElement, type PropsWithChildren } from 'react'
import Taro, { useDidShow, useLaunch, usePageNotFound } from '@tarojs/taro'
import { rootStore, StoreProvider } from './stores'
import { captureSpid, startLaunchTasks } from './launch'
import './app.scss'

const HOME = '/pages/index/index'

function App({ children }: PropsWithChildren) {
  useLaunch((options) => {
    startLaunchTasks(rootStore, options?.query ?? {})
  })

  // A share card opened while the app is already running brings its referrer too.
  useDidShow((options?: { query?: Record<string, unknown> }) => {
    captureSpid(options?.query ?? {})
  })

  // An unknown path (an old share link, a mistyped address) falls back to the home tab, keeping
  // the referrer it carried.
  usePageNotFound((res) => {
    captureSpid(res.query)
    void Taro.reLaunch({ url: HOME })
  })

  return createElement(StoreProvider, { store: rootStore }, children)
}

export default App
