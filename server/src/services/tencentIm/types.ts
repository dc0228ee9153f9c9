import type { JoinMode } from '@api/groups'

/** A new group as Tencent IM should hold it. `memberIds` are the members besides the owner. */
export interface MirroredGroup {
  groupId: number
  name: string
  avatar: string
  introduction: string
  ownerId: number
  memberIds: number[]
  joinMode: JoinMode
}

/** The profile fields that changed (absent: unchanged). `notification` is the announcement. */
export interface MirroredProfile {
  groupId: number
  name?: string
  avatar?: string
  introduction?: string
  notification?: string
  joinMode?: JoinMode
  muteAll?: boolean
}

/**
 * Keeps a reading group's Tencent IM group (same id, members, roles and mutes) in step with our
 * database, one method per committed change. With the Tencent chat engine the app talks to Tencent
 * directly, so this is what lets its group chat know who is in the group and who may speak. Ids are
 * our numeric ids; the client turns them into Tencent's strings.
 */
export interface GroupMirror {
  readonly kind: 'tencent' | 'none'
  createGroup(group: MirroredGroup): Promise<void>
  updateGroup(changes: MirroredProfile): Promise<void>
  addMembers(groupId: number, userIds: number[]): Promise<void>
  removeMembers(groupId: number, userIds: number[]): Promise<void>
  setAdmin(groupId: number, userId: number, admin: boolean): Promise<void>
  /** `seconds` 0 lifts the mute. */
  muteMember(groupId: number, userId: number, seconds: number): Promise<void>
  transferOwner(groupId: number, newOwnerId: number): Promise<void>
  disband(groupId: number): Promise<void>
}

export type MirrorCommand = Exclude<keyof GroupMirror, 'kind'>

/** One change to mirror, kept until the transaction commits. */
export type MirrorChange = {
  [K in MirrorCommand]: { command: K; args: Parameters<GroupMirror[K]> }
}[MirrorCommand]
