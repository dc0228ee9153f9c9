/**
 * 我的参与 (myInfo): my entry in an activity, the days I signed in shown on this month's calendar,
 * and 签到 (once a China day, for a participant, while the activity runs).
 */
import { useRef, useState } from 'react'
import { toast } from '@/core/toast'
import { usePageData } from '@/core/usePageData'
import type { ActivityDetail, MySignRes } from '@/types/api/activities'
import { ActivityText } from '@rules/activities'
import { fetchMySign, signActivity } from './api'
import { loadActivity } from './useActivity'

export const SIGNED_TEXT = '签到成功'

/** Pure: what the 签到 button says, and whether it can be tapped. */
export function signButton(mine: MySignRes): { label: string; enabled: boolean } {
  if (mine.signedToday) return { label: '今日已签到', enabled: false }
  if (!mine.entry) return { label: '报名后可签到', enabled: false }
  if (!mine.signOpen) return { label: '不在签到时间', enabled: false }
  return { label: '签到', enabled: true }
}

export function useMySign(activityId: number, loggedIn: boolean) {
  const page = usePageData<{ activity: ActivityDetail; mine: MySignRes } | null>(
    async () => {
      if (!activityId) throw new Error(ActivityText.notFound)
      if (!loggedIn) return null
      const [activity, mine] = await Promise.all([
        loadActivity(activityId, false),
        fetchMySign(activityId),
      ])
      return { activity, mine }
    },
    [activityId, loggedIn],
    { pullDown: true },
  )
  const busy = useRef(false)
  const [signing, setSigning] = useState(false)

  const sign = async () => {
    const data = page.data
    if (busy.current || !data || !signButton(data.mine).enabled) return
    busy.current = true
    setSigning(true)
    try {
      const mine = await signActivity(activityId)
      page.setData({ ...data, mine })
      toast(SIGNED_TEXT)
    } catch {
      // the request layer has shown why
    } finally {
      busy.current = false
      setSigning(false)
    }
  }

  return { data: page.data, error: page.error, sign, signing }
}
