import type { GroupMirror } from './types'

/**
 * The local chat engine: our gateway reads the groups tables itself, so there is nothing to
 * mirror and nothing is sent anywhere.
 */
export class NoGroupMirror implements GroupMirror {
  readonly kind = 'none'
  async createGroup(): Promise<void> {}
  async updateGroup(): Promise<void> {}
  async addMembers(): Promise<void> {}
  async removeMembers(): Promise<void> {}
  async setAdmin(): Promise<void> {}
  async muteMember(): Promise<void> {}
  async transferOwner(): Promise<void> {}
  async disband(): Promise<void> {}
}
