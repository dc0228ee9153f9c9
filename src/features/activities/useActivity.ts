/**
 * The activity page (desc): the activity with its windows, phase and my part (again on pull-down
 * and when the reader logs in), and its entries ranked, by votes or newest, with their 投票 buttons.
 * A vote updates the entry's row and my votes left without reloading the list.
 */
import { useState } from 'react'
import { usePagedListHandle } from '@/components/PagedList/usePagedListHandle'
import { setPageTitle } from '@/core/platform'
import { usePageData } from '@/core/usePageData'
import { useStores } from '@/stores'
import type { ActivityDetail, VoteItem, VoteRes } from '@/types/api/activities'
import { ActivityText, type VoteItemOrder } from '@rules/activities'
import { ACTIVITY_PAGE_SIZE, fetchActivity, fetchEntries } from './api'
import { useVote } from './useVote'

export const ENTRY_ORDERS: readonly { key: VoteItemOrder; label: string }[] = [
  { key: 'votes', label: '票数排行' },
  { key: 'new', label: '最新参与' },
]

/** Pure: the activity after a vote (my votes left, the total cast). */
export function afterVote(activity: ActivityDetail, res: VoteRes): ActivityDetail {
  return {
    ...activity,
    voteCount: activity.voteCount + 1,
    mine: activity.mine && { ...activity.mine, votesLeftToday: res.votesLeftToday },
  }
}

export const validId = (raw: string | undefined): number => {
  const id = Number(raw)
  return Number.isInteger(id) && id > 0 ? id : 0
}

/** Loads an activity, titling the page with it; an id that is no number is "not found". */
export async function loadActivity(id: number, title = true): Promise<ActivityDetail> {
  if (!id) throw new Error(ActivityText.notFound)
  const activity = await fetchActivity(id)
  if (title) setPageTitle(activity.title)
  return activity
}

export function useActivity(id: number) {
  const { session } = useStores()
  const loggedIn = session.isLoggedIn
  const page = usePageData(() => loadActivity(id), [id, loggedIn], { pullDown: true })
  const [order, setOrder] = useState<VoteItemOrder>('votes')
  const rows = usePagedListHandle<VoteItem>()

  const voting = useVote((res) => {
    rows.update(
      (item) => item.id === res.entryId,
      (item) => ({ ...item, votes: res.votes }),
    )
    if (page.data) page.setData(afterVote(page.data, res))
  })

  const load = (p: number) =>
    fetchEntries({ activityId: id, order, page: p, pageSize: ACTIVITY_PAGE_SIZE })

  return {
    activity: page.data,
    error: page.error,
    order,
    setOrder,
    load,
    rows,
    vote: voting.vote,
    voting: voting.busy,
  }
}
