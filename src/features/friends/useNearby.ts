/**
 * Nearby book friends: I opt in with my (coarse) position and see others who did, nearest first
 * with a rounded distance; opting out removes my position from the server at once. A request to
 * someone here is sent by their user id.
 */
import Taro from '@tarojs/taro'
import { useCallback, useState } from 'react'
import { usePagedListHandle } from '@/components/PagedList/usePagedListHandle'
import { currentPosition } from '@/core/location'
import { toast } from '@/core/toast'
import { errorText } from '@/core/usePageData'
import type { NearbyPerson } from '@/types/api/friends'
import { fetchNearby, joinNearby, leaveNearby, requestFriend } from './api'

const PAGE_SIZE = 20

/** 100 m steps under 1 km, then kilometres with one decimal. */
export const distanceText = (metres: number): string =>
  metres < 1000
    ? `${Math.max(100, Math.round(metres / 100) * 100)}m`
    : `${(metres / 1000).toFixed(1)}km`

export function useNearby() {
  const [optedIn, setOptedIn] = useState<boolean | null>(null)
  const [generation, setGeneration] = useState(0)
  const [busy, setBusy] = useState(false)
  const [requested, setRequested] = useState<ReadonlySet<number>>(new Set())
  const rows = usePagedListHandle<NearbyPerson>()

  const load = useCallback(async (page: number) => {
    const res = await fetchNearby(page, PAGE_SIZE)
    setOptedIn(res.optedIn)
    return res
  }, [])

  const join = async () => {
    if (busy) return
    setBusy(true)
    try {
      const pos = await currentPosition()
      await joinNearby(pos.latitude, pos.longitude)
      setOptedIn(true)
      setGeneration((g) => g + 1)
    } catch (err) {
      toast(errorText(err))
    } finally {
      setBusy(false)
    }
  }

  const leave = async () => {
    const { confirm } = await Taro.showModal({
      title: '清除位置',
      content: '清除后别人将看不到你，你也看不到附近的书友。',
      confirmText: '清除',
    })
    if (!confirm) return
    setBusy(true)
    try {
      await leaveNearby()
      setOptedIn(false)
      setGeneration((g) => g + 1)
      toast('已清除位置')
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false)
    }
  }

  const add = async (person: NearbyPerson) => {
    if (requested.has(person.userId)) return
    try {
      const res = await requestFriend({ userId: person.userId }, '我们离得很近，一起读书吧')
      setRequested((prev) => new Set(prev).add(person.userId))
      if (res.state === 'friends') {
        rows.update(
          (p) => p.userId === person.userId,
          (p) => ({ ...p, isFriend: true }),
        )
      }
      toast(res.state === 'friends' ? '你们已经是书友了' : '申请已发送')
    } catch {
      // shown by the request layer
    }
  }

  return { optedIn, generation, busy, load, join, leave, add, requested, rowsRef: rows.ref }
}
