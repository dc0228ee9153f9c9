/**
 * The collection calls the shared collected list needs, by kind: documents through their feature's
 * public surface; magazines and newspapers through their generated refs (their features offer no
 * public surface for these yet).
 */
import * as magazineCalls from '@/types/api/calls/magazines.gen'
import * as newspaperCalls from '@/types/api/calls/newspapers.gen'
import type { Page } from '@/types/api/envelope'
import type { CollectedMagazine } from '@/types/api/magazines'
import type { CollectedNewspaper } from '@/types/api/newspapers'
import { call } from '@/core/request'

export { fetchCollectedDocs, setDocCollected } from '@/features/documents/public'

export const fetchCollectedMagazines = (
  page: number,
  pageSize: number,
): Promise<Page<CollectedMagazine>> => call(magazineCalls.collectedList.rest, { page, pageSize })

export const setMagazineCollected = (id: number, collect: boolean): Promise<unknown> =>
  call(magazineCalls.setCollected.rest, { id, collect: collect ? 1 : 0 })

export const fetchCollectedNewspapers = (
  page: number,
  pageSize: number,
): Promise<Page<CollectedNewspaper>> => call(newspaperCalls.collectedList.rest, { page, pageSize })

export const setNewspaperCollected = (id: number, collect: boolean): Promise<unknown> =>
  call(newspaperCalls.setCollected.rest, { id, collect: collect ? 1 : 0 })
