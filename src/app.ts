import { createElement, type PropsWithChildren } from 'react'
import { useLaunch } from '@tarojs/taro'
import { rootStore, StoreProvider } from './stores'
import { startLaunchTasks } from './launch'
import './app.scss'

function App({ children }: PropsWithChildren) {
  useLaunch((options) => {
    startLaunchTasks(rootStore, options?.query ?? {})
  })
  return createElement(StoreProvider, { store: rootStore }, children)
}

export default App
