import { View, Text } from '@tarojs/components'
import Taro from '@tarojs/taro'
import type { ReactNode } from 'react'
import { Limits } from '@rules/limits'
import { statusBarHeight } from '@/core/platform'
import { Route } from '@/core/routes'
import './index.scss'

interface Props {
  title: string
  /** Shows a back arrow (navigateBack, or home when there is nothing to go back to). */
  back?: boolean
  right?: ReactNode
}

function goBack() {
  if (Taro.getCurrentPages().length > 1) void Taro.navigateBack()
  else void Taro.switchTab({ url: Route.home })
}

/** The custom navigation bar (44 px below the status bar) for pages with navigationStyle custom. */
export default function NavBar({ title, back, right }: Props) {
  const top = statusBarHeight()
  return (
    <View className="nav-bar" style={{ paddingTop: `${top}px` }}>
      <View className="nav-bar__inner" style={{ height: `${Limits.navBarHeight}px` }}>
        <View className="nav-bar__side">
          {back && <View className="nav-bar__back" onClick={goBack} />}
        </View>
        <Text className="nav-bar__title">{title}</Text>
        <View className="nav-bar__side nav-bar__side--right">{right}</View>
      </View>
    </View>
  )
}
