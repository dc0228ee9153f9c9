import { View, RichText, Text } from '@tarojs/components'
import { useEffect, useState } from 'react'
import type { SpecialDetail } from '@/types/api/common'
import { getSpecial } from '@/features/account/api'
import { setPageTitle } from '@/core/platform'
import './SpecialPage.scss'

/** Shows one operator-written page (agreement, privacy, agent agreement) served by App.Special.Detail. */
export default function SpecialPage({ id }: { id: string }) {
  const [detail, setDetail] = useState<SpecialDetail | null>(null)
  const [error, setError] = useState('')

  useEffect(() => {
    let live = true
    getSpecial(id)
      .then((d) => {
        if (!live) return
        setDetail(d)
        setPageTitle(d.title)
      })
      .catch((err: unknown) => live && setError(err instanceof Error ? err.message : '加载失败'))
    return () => {
      live = false
    }
  }, [id])

  if (error) return <View className="special special--state">{error}</View>
  if (!detail) return <View className="special special--state">加载中…</View>
  return (
    <View className="special">
      <Text className="special__title">{detail.title}</Text>
      <RichText className="special__body" nodes={detail.content} />
    </View>
  )
}
