/**
 * The activity calls (issue 16; app-spec section 7 "Activities"), one function each, sent through
 * the refs generated from their declarations in types/api/activities.ts: the list, an activity,
 * its entries (作品), an entry and its share card (public), and a reader's part: MySign, Apply,
 * Sign and Vote. The query style is used (the spec names it); the REST twins serve the same.
 */
import * as activityCalls from '@/types/api/calls/activities.gen'
import type {
  ActivityDetail,
  ActivityListReq,
  ActivitySummary,
  ApplyReq,
  MySignRes,
  VoteItem,
  VoteItemDetail,
  VoteItemListReq,
  VoteItemShareRes,
  VoteRes,
} from '@/types/api/activities'
import type { Page } from '@/types/api/envelope'
import { call } from '@/core/request'
import { ActivityLimits } from '@rules/activities'

export const ACTIVITY_PAGE_SIZE = ActivityLimits.pageSize

export const fetchActivities = (req: ActivityListReq): Promise<Page<ActivitySummary>> =>
  call(activityCalls.activityList.query, req)

export const fetchActivity = (id: number): Promise<ActivityDetail> =>
  call(activityCalls.activityDetail.query, { id })

/** An activity's entries, each with its rank. */
export const fetchEntries = (req: VoteItemListReq): Promise<Page<VoteItem>> =>
  call(activityCalls.voteItemList.query, req)

export const fetchEntry = (id: number): Promise<VoteItemDetail> =>
  call(activityCalls.voteItemDetail.query, { id })

/** Counting a share is background work: a failure is not worth a toast. */
export const shareEntry = (id: number): Promise<VoteItemShareRes> =>
  call(activityCalls.voteItemShare.query, { id }, { silent: true })

export const fetchMySign = (activityId: number): Promise<MySignRes> =>
  call(activityCalls.mySign.query, { activityId })

export const applyEntry = (req: ApplyReq): Promise<VoteItemDetail> =>
  call(activityCalls.apply.query, req)

export const signActivity = (activityId: number): Promise<MySignRes> =>
  call(activityCalls.sign.query, { activityId })

export const voteFor = (entryId: number): Promise<VoteRes> =>
  call(activityCalls.vote.query, { entryId })
