/**
 * Tapping a person anywhere (app-spec section 2): my own profile if it is me, otherwise their
 * user detail page.
 */
import Taro from '@tarojs/taro'
import { useCallback } from 'react'
import { pageUrl, Route } from '@/core/routes'
import { useStores } from '@/stores'

export const MY_PROFILE_URL = Route.userCenter

/** Pure: where tapping `userId` leads when `myId` is signed in (undefined for a guest). */
export function profileUrl(userId: number, myId?: number | null): string {
  return myId !== undefined && myId !== null && userId === myId
    ? MY_PROFILE_URL
    : pageUrl(Route.userDetail, { id: userId })
}

/** Opens `userId`'s profile, as seen by `myId` (the signed-in person, if any). */
export function openProfile(userId: number, myId: number | null | undefined): void {
  const url = profileUrl(userId, myId)
  // Ten pages deep a mini-program refuses navigateTo: replace the page instead.
  Taro.navigateTo({ url }).catch(() => Taro.redirectTo({ url }).catch(() => undefined))
}

/** openProfile as the signed-in person of the provided store sees it. */
export function useOpenProfile(): (userId: number) => void {
  const { session } = useStores()
  return useCallback((userId: number) => openProfile(userId, session.user?.user_id), [session])
}
