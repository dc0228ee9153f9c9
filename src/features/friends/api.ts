/**
 * The book-friend calls (app-spec section 7, /api/bookCompanion: friends, requests, friend codes,
 * nearby), one function each, sent through the refs generated from types/api/friends.ts.
 */
import * as friendsCalls from '@/types/api/calls/friends.gen'
import type { Page } from '@/types/api/envelope'
import type {
  CodeOwner,
  FriendDetail,
  FriendPage,
  FriendRequest,
  NearbyPage,
} from '@/types/api/friends'
import { call } from '@/core/request'

export interface FriendQuery {
  /** One index letter, A-Z or '#'. */
  letter?: string
  search?: string
  page: number
  pageSize: number
}

export const fetchFriends = (q: FriendQuery): Promise<FriendPage> =>
  call(friendsCalls.friendList.rest, {
    alphabeticalType: q.letter || undefined,
    searchType: q.search || undefined,
    pageIndex: q.page,
    pageSize: q.pageSize,
  })

export const fetchFriendDetail = (userId: number): Promise<FriendDetail> =>
  call(friendsCalls.friendDetail.rest, { userId })

export const fetchMyFriendCode = async (): Promise<string> =>
  (await call(friendsCalls.myFriendCode.rest, {})).code

export const fetchCodeOwner = (code: string): Promise<CodeOwner> =>
  call(friendsCalls.codeOwner.rest, { code })

export const requestFriend = (
  target: { code: string } | { userId: number },
  greeting: string,
): Promise<{ state: 'requested' | 'friends' }> =>
  call(friendsCalls.requestFriend.rest, { ...target, greeting: greeting || undefined })

export const fetchFriendRequests = (page: number, pageSize = 20): Promise<Page<FriendRequest>> =>
  call(friendsCalls.requestList.rest, { page, pageSize })

export const handleFriendRequest = (id: number, accept: boolean): Promise<unknown> =>
  call(friendsCalls.handleRequest.rest, { id, accept: accept ? 1 : 0 })

export const updateRemark = (userId: number, remark: string): Promise<FriendDetail> =>
  call(friendsCalls.updateRemark.rest, { userId, remark })

export const deleteFriend = (userId: number): Promise<unknown> =>
  call(friendsCalls.deleteFriend.rest, { userId })

export const joinNearby = (latitude: number, longitude: number): Promise<unknown> =>
  call(friendsCalls.nearbyJoin.rest, { latitude, longitude })

export const leaveNearby = (): Promise<unknown> => call(friendsCalls.nearbyLeave.rest, {})

export const fetchNearby = (page: number, pageSize = 20): Promise<NearbyPage> =>
  call(friendsCalls.nearbyList.rest, { page, pageSize })
