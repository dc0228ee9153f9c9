// What other features may use of groups (the walls in eslint.config.mjs allow only this file).
export {
  createGroup,
  fetchGroupApplications,
  fetchGroupDetail,
  fetchGroupMembers,
  handleGroupApplication,
  inviteToGroup,
} from './api'
export { groupConversation } from './groupRules'
export { groupNameError } from '@rules/groups'
