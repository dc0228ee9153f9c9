/**
 * My uploaded magazine issues and newspaper editions, for the 杂志 and 报纸 tabs of 我的文档. The
 * magazines and newspapers features own those calls; until they offer these lists on their public
 * surface, the tabs send the generated refs themselves.
 */
import * as magazineCalls from '@/types/api/calls/magazines.gen'
import * as newspaperCalls from '@/types/api/calls/newspapers.gen'
import type { Page } from '@/types/api/envelope'
import type { MyIssue } from '@/types/api/magazines'
import type { MyEdition } from '@/types/api/newspapers'
import { call } from '@/core/request'

export const fetchMyIssues = (page: number, pageSize: number): Promise<Page<MyIssue>> =>
  call(magazineCalls.myList.query, { page, pageSize })

export const fetchMyEditions = (page: number, pageSize: number): Promise<Page<MyEdition>> =>
  call(newspaperCalls.myList.query, { page, pageSize })
