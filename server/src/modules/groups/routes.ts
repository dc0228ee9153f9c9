import { groupsApi } from '@api/groups'
import { GroupLimits } from '@rules/groups'
import { Answer } from '../../http/envelope'
import { paging } from '../../http/paging'
import { serve } from '../../http/serve'
import { applicationList, handleApplication } from './applications'
import { adminList, bannedList, memberList, myGroups, searchGroups } from './lists'
import { disband, joinOrInvite, leaveOrRemove } from './membership'
import { checkProfileChanges, createGroup, updateGroup } from './profile'
import { muteMember, setAdmin, transferOwner } from './roles'
import { detailFor } from './views'

const JOIN_TEXTS = { joined: '已加入群聊', applied: '已提交申请，请等待审核', invited: '邀请成功' }

export const groupsRoutes = serve(groupsApi, {
  // ---- lists and the detail ----
  myGroups: ({ app, input, caller }) => myGroups(app, caller, input.keyword, paging(input)),
  searchGroups: ({ app, input, caller }) => searchGroups(app, caller, input.keyword, paging(input)),
  groupDetail: ({ app, input, caller }) =>
    detailFor(app.db, input.groupId, caller.userId, app.clock.now()),
  memberList: ({ app, input, caller }) =>
    memberList(
      app,
      caller,
      input.groupId,
      input.keyword,
      paging(input, GroupLimits.memberPageSize, GroupLimits.memberPageMax),
    ),
  adminList: ({ app, input, caller }) => adminList(app, caller, input.groupId),
  bannedList: ({ app, input, caller }) => bannedList(app, caller, input.groupId),

  // ---- the group and its profile ----
  createGroup: async ({ app, input, caller }) =>
    new Answer(await createGroup(app, caller, input), '创建成功'),
  updateGroup: async ({ app, input, caller }) => {
    const { groupId, muteAll, ...texts } = input
    const changes = checkProfileChanges({
      ...texts,
      ...(muteAll === undefined ? {} : { muteAll: muteAll === 1 }),
    })
    return new Answer(await updateGroup(app, caller, groupId, changes), '修改成功')
  },
  disband: async ({ app, input, caller }) => {
    await disband(app, caller, input.groupId)
    return new Answer(null, '群聊已解散')
  },

  // ---- members ----
  joinOrInvite: async ({ app, input, caller }) => {
    const res = await joinOrInvite(app, caller, input.groupId, input.userIds, input.reason ?? '')
    return new Answer(res, JOIN_TEXTS[res.state])
  },
  leaveOrRemove: async ({ app, input, caller }) => {
    await leaveOrRemove(app, caller, input.groupId, input.userIds)
    return new Answer(null, input.userIds === undefined ? '已退出群聊' : '已移出群聊')
  },
  setAdmin: async ({ app, input, caller }) => {
    await setAdmin(app, caller, input.groupId, input.userId, input.admin === 1)
    return new Answer(null, input.admin === 1 ? '已设为管理员' : '已取消管理员')
  },
  muteMember: async ({ app, input, caller }) => {
    await muteMember(app, caller, input.groupId, input.userId, input.seconds)
    return new Answer(null, input.seconds > 0 ? '已禁言' : '已解除禁言')
  },
  transferOwner: async ({ app, input, caller }) => {
    await transferOwner(app, caller, input.groupId, input.userId)
    return new Answer(null, '已转让群主')
  },

  // ---- applications ----
  applications: ({ app, input, caller }) => applicationList(app, caller, input.groupId),
  handleApplication: async ({ app, input, caller }) => {
    await handleApplication(app, caller, input.applicationId, input.accept === 1)
    return new Answer(null, input.accept === 1 ? '已同意' : '已拒绝')
  },
})
