/**
 * Voting for entries, on the activity page's list and on an entry's page. A guest who taps 投票 is
 * asked to log in (the one-time login modal, then the login page, which comes back here); back on
 * this page as a reader, the vote they asked for is cast. The server decides every limit (its
 * message is toasted by the request layer); a second tap waits for the first answer.
 */
import { useDidShow } from '@tarojs/taro'
import { useEffect, useRef, useState } from 'react'
import { toast } from '@/core/toast'
import { requireLogin } from '@/features/account/public'
import { useStores } from '@/stores'
import type { VoteRes } from '@/types/api/activities'
import { voteFor } from './api'

/** The vote a guest asked for before logging in, and which page (hook) asked. */
interface PendingVote {
  entryId: number
  owner: number
}

let pending: PendingVote | null = null
let nextOwner = 0

/** Pure: the vote to cast now for `owner` when logged in, or null (and what stays pending). */
export function takePending(owner: number, loggedIn: boolean): number | null {
  if (!loggedIn || !pending || pending.owner !== owner) return null
  const { entryId } = pending
  pending = null
  return entryId
}

/** For tests: what is pending. */
export const pendingVote = (): PendingVote | null => pending

export const VOTED_TEXT = '投票成功'

export function useVote(onVoted: (res: VoteRes) => void) {
  const { session } = useStores()
  const owner = useRef(0)
  if (owner.current === 0) owner.current = ++nextOwner
  const voted = useRef(onVoted)
  voted.current = onVoted
  const [busy, setBusy] = useState<ReadonlySet<number>>(() => new Set())
  const busyRef = useRef(new Set<number>())

  const setBusyFor = (entryId: number, on: boolean) => {
    const next = new Set(busyRef.current)
    if (on) next.add(entryId)
    else next.delete(entryId)
    busyRef.current = next
    setBusy(next)
  }

  const cast = async (entryId: number) => {
    if (busyRef.current.has(entryId)) return
    setBusyFor(entryId, true)
    try {
      const res = await voteFor(entryId)
      toast(VOTED_TEXT)
      voted.current(res)
    } catch {
      // the request layer has shown why (今日投票次数已用完, ...)
    } finally {
      setBusyFor(entryId, false)
    }
  }

  const vote = (entryId: number) => {
    if (!session.isLoggedIn) pending = { entryId, owner: owner.current }
    requireLogin(session, () => void cast(entryId))
  }

  useDidShow(() => {
    const entryId = takePending(owner.current, session.isLoggedIn)
    if (entryId !== null) void cast(entryId)
  })

  // A page closed without logging in forgets what it asked for.
  useEffect(
    () => () => {
      if (pending?.owner === owner.current) pending = null
    },
    [],
  )

  return { vote, busy }
}
