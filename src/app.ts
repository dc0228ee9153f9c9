import { createElement, type PropsWithChildren } from 'react'
import Taro, { useDidShow, useLaunch, usePageNotFound } from '@tarojs/taro'
import { StoreProvider } from './stores'
import { appStore } from './appStore'
import { captureSpid, startLaunchTasks } from './launch'
import { notFoundUrl } from './core/notFound'
import { installChunkLoading } from './core/chunkLoading'
import { stopScriptLinkNavigation } from './core/scriptLinks'
import './app.scss'

// H5: page chunks from our own origin, with the loading toast and the failure toast; tab links
// (`javascript:;`) that the Content-Security-Policy would refuse are not followed.
installChunkLoading()
stopScriptLinkNavigation()

function App({ children }: PropsWithChildren) {
  useLaunch((options) => {
    startLaunchTasks(appStore, options?.query ?? {})
  })

  // A share card opened while the app is already running brings its referrer too.
  useDidShow((options?: { query?: Record<string, unknown> }) => {
    captureSpid(options?.query ?? {})
  })

  // An unknown path (an old share link, a page not built yet, a mistyped address) shows the
  // not-found page with the address asked for and a way home, keeping the referrer it carried.
  usePageNotFound((res) => {
    captureSpid(res.query)
    void Taro.redirectTo({ url: notFoundUrl(res.path, res.query) })
  })

  return createElement(StoreProvider, { store: appStore }, children)
}

export default App
