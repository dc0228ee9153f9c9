/**
 * My groups, the newest joined first, as a live list: a group quit, disbanded or joined elsewhere
 * shows when this page is shown again. A row opens the group's chat.
 */
import { useLiveList } from '@/components/PagedList/useLiveList'
import { openConversation } from '@/features/chat/public'
import type { GroupBrief } from '@/types/api/groups'
import { fetchMyGroups } from './api'
import { groupConversation } from './groupRules'

const PAGE_SIZE = 20

export function useMyGroups(loggedIn: boolean) {
  const list = useLiveList<GroupBrief>({
    fetchPage: (page) => fetchMyGroups(page, PAGE_SIZE),
    pageSize: PAGE_SIZE,
    keyOf: (g) => g.groupId,
    versionOf: (g) => `${g.name}|${g.avatar}|${g.memberCount}|${g.myRole}`,
    active: loggedIn,
  })
  const open = (g: GroupBrief) => openConversation(groupConversation(g.groupId))
  return { list, open }
}
