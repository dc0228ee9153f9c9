/**
 * Someone's profile page: the profile (loaded on every show and on pull-down, the page titled with
 * their name), following them (asking before an unfollow), and the 更多 sheet: complaint, or block
 * and unblock. `generation` changes when their posts must load again.
 */
import Taro, { useDidShow } from '@tarojs/taro'
import { useRef, useState } from 'react'
import { setPageTitle } from '@/core/platform'
import { pageUrl, Route } from '@/core/routes'
import { usePageData } from '@/core/usePageData'
import { requireLogin } from '@/features/account/public'
import { useStores } from '@/stores'
import { fetchUserDetail, setBlocked, setFollowing } from './api'
import { complaintQuery } from './feedback'

const BLOCK_WARNING = '拉黑后你将看不到对方的读后感和评论，对方也无法评论你的读后感或关注你。'

export function useUserDetail(userId: number) {
  const { session } = useStores()
  const [busy, setBusy] = useState(false)
  const [generation, setGeneration] = useState(0)
  const page = usePageData(
    async () => {
      if (!Number.isInteger(userId) || userId <= 0) throw new Error('用户不存在')
      const detail = await fetchUserDetail(userId)
      setPageTitle(detail.nickname)
      return detail
    },
    [userId],
    { pullDown: true },
  )
  const user = page.data

  // Every show puts the name back in the title at once (the router rewrites it when coming back);
  // the first show is the mount's load, later ones (back from a post, a login) load again.
  const latest = useRef(user)
  latest.current = user
  const shownOnce = useRef(false)
  useDidShow(() => {
    if (latest.current) setPageTitle(latest.current.nickname)
    if (!shownOnce.current) return void (shownOnce.current = true)
    void page.reload()
  })

  const toggleFollow = () =>
    requireLogin(session, async () => {
      if (!user || busy) return
      if (user.followed) {
        const { confirm } = await Taro.showModal({
          title: '取消关注',
          content: `不再关注 ${user.nickname}？`,
        })
        if (!confirm) return
      }
      setBusy(true)
      try {
        const res = await setFollowing(user.userId, !user.followed)
        page.setData({
          ...user,
          followed: res.followed,
          stats: { ...user.stats, followers: res.followers },
        })
      } catch {
        // the request layer has shown why
      } finally {
        setBusy(false)
      }
    })

  const toggleBlock = async () => {
    if (!user) return
    if (!user.blocked) {
      const { confirm } = await Taro.showModal({
        title: '拉黑',
        content: BLOCK_WARNING,
        confirmText: '拉黑',
      })
      if (!confirm) return
    }
    try {
      const res = await setBlocked(user.userId, !user.blocked)
      void Taro.showToast({ title: res.blocked ? '已拉黑' : '已移出黑名单', icon: 'none' })
      await page.reload()
      setGeneration((g) => g + 1)
    } catch {
      // shown by the request layer
    }
  }

  const more = () =>
    requireLogin(session, async () => {
      if (!user) return
      let picked: number
      try {
        const res = await Taro.showActionSheet({
          itemList: ['投诉', user.blocked ? '移出黑名单' : '拉黑'],
        })
        picked = res.tapIndex
      } catch {
        return // closed
      }
      if (picked !== 0) return toggleBlock()
      void Taro.navigateTo({
        url: pageUrl(Route.friendFeedback, complaintQuery('user', user.userId, user.nickname)),
      })
    })

  return { user, error: page.error, generation, toggleFollow, more }
}
