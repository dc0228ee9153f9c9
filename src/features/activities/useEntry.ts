/**
 * An entry's page (detail): the entry with its images, votes and rank (again on pull-down and when
 * the reader logs in), 投票 (a guest logs in first, then the vote is cast), and its share card: the
 * entry's own link, the share counted by VoteItemShare.
 */
import { toast } from '@/core/toast'
import { usePageData } from '@/core/usePageData'
import { setPageTitle } from '@/core/platform'
import { useStores } from '@/stores'
import type { VoteItemDetail, VoteRes } from '@/types/api/activities'
import { ActivityText } from '@rules/activities'
import { fetchEntry, shareEntry } from './api'
import { useVote } from './useVote'

/** Pure: the entry after my vote for it. */
export const entryAfterVote = (entry: VoteItemDetail, res: VoteRes): VoteItemDetail => ({
  ...entry,
  votes: res.votes,
  votedToday: true,
  votesLeftToday: res.votesLeftToday,
})

/** Pure: why a vote for this entry is refused without asking the server, or null. */
export function voteRefusal(entry: VoteItemDetail): string | null {
  if (entry.mine) return ActivityText.ownEntry
  if (!entry.activity.voteOpen) {
    return entry.activity.phase === 'ended' ? ActivityText.voteEnded : ActivityText.voteNotStarted
  }
  return entry.votedToday ? ActivityText.votedToday : null
}

/** What the entry's 投票 button says. */
export function voteLabel(entry: VoteItemDetail): string {
  if (entry.mine) return '我的作品'
  if (!entry.activity.voteOpen)
    return entry.activity.phase === 'ended' ? '投票已结束' : '投票未开始'
  return entry.votedToday ? '今日已投' : '投票'
}

export function useEntry(id: number) {
  const { session } = useStores()
  const page = usePageData(
    async () => {
      if (!id) throw new Error(ActivityText.entryNotFound)
      const entry = await fetchEntry(id)
      setPageTitle(entry.title)
      return entry
    },
    [id, session.isLoggedIn],
    { pullDown: true },
  )
  const entry = page.data

  const voting = useVote((res) => {
    if (page.data && page.data.id === res.entryId) page.setData(entryAfterVote(page.data, res))
  })

  /** Shared (WeChat's sheet, or the link copied): counted once an hour per viewer. */
  const onShared = () => {
    if (!id) return
    shareEntry(id)
      .then((res) => {
        if (page.data) page.setData({ ...page.data, shares: res.shares })
      })
      .catch(() => undefined)
  }

  const canVote = !!entry && voteRefusal(entry) === null

  /** 投票: what the page already knows refuses it is said at once; the server decides the rest. */
  const vote = () => {
    if (!entry) return
    const refusal = voteRefusal(entry)
    if (refusal) toast(refusal)
    else voting.vote(id)
  }

  return {
    entry,
    error: page.error,
    vote,
    voting: voting.busy.has(id),
    canVote,
    onShared,
  }
}
