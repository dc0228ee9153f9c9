import { Text } from '@tarojs/components'
import Taro from '@tarojs/taro'
import PagedList from '@/components/PagedList'
import { pageUrl, Route } from '@/core/routes'
import type { GroupMember, GroupRole } from '@/types/api/groups'
import {
  MEMBER_ACTION_TESTID,
  MEMBER_ACTION_TEXT,
  memberActions,
  type MemberAction,
} from '../groupRules'
import { useGroupMembers } from '../useGroupMembers'
import { useMemberManage } from '../useMemberManage'
import MemberRow from './MemberRow'
import SearchBar from './SearchBar'
import './pill.scss'

interface Props {
  groupId: number
  myRole: GroupRole | null
}

const openMember = (m: GroupMember) =>
  void Taro.navigateTo({ url: pageUrl(Route.friendDetail, { type: 'group', id: m.userId }) })

const PLAIN: ReadonlySet<MemberAction> = new Set(['unsetAdmin', 'unmute', 'transfer'])

/** The members page by page, each with the actions my role may take on them. */
export default function ManageMembers({ groupId, myRole }: Props) {
  const members = useGroupMembers(groupId)
  const manage = useMemberManage(groupId)

  const renderMember = (m: GroupMember) => {
    const actions = memberActions(myRole, m, members.now)
    const busy = manage.busy.has(m.userId) ? ' group-pill--busy' : ''
    return (
      <MemberRow
        member={m}
        nowSeconds={members.now}
        onOpen={() => openMember(m)}
        actions={
          actions.length > 0 &&
          actions.map((action) => (
            <Text
              key={action}
              className={`group-pill${PLAIN.has(action) ? ' group-pill--plain' : ''}${busy}`}
              data-testid={`${MEMBER_ACTION_TESTID[action]}-${m.userId}`}
              onClick={() => void manage.run(action, m)}
            >
              {MEMBER_ACTION_TEXT[action]}
            </Text>
          ))
        }
      />
    )
  }

  return (
    <>
      <SearchBar placeholder="搜索群成员昵称" testId="member-search" onSearch={members.search} />
      <PagedList
        key={members.listKey}
        load={members.load}
        handle={manage.rowsRef}
        keyOf={(m) => m.userId}
        renderItem={renderMember}
        emptyText={members.keyword ? '没有找到这位成员' : '群里还没有成员'}
        emptyKind="people"
      />
    </>
  )
}
