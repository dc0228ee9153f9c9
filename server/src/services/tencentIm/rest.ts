import { randomInt } from 'node:crypto'
import type { JoinMode } from '@api/groups'
import type { Clock } from '../../clock'
import { genTencentUserSig } from '../usersig'
import type { GroupMirror, MirroredGroup, MirroredProfile } from './types'

export interface TencentImOptions {
  sdkAppId: number
  secretKey: string
  /** https://console.tim.qq.com (China), or a double in tests (TENCENT_IM_API_BASE). */
  apiBase: string
}

/** The App admin account the REST API is called as (created with the app in Tencent's console). */
export const IM_ADMIN = 'administrator'
/** The admin's userSig lives a day and is signed again this long before it expires. */
const ADMIN_SIG_TTL_SEC = 24 * 60 * 60
const ADMIN_SIG_EARLY_SEC = 10 * 60
const TIMEOUT_MS = 10_000
/** Members per create_group, add_group_member or delete_group_member request (below Tencent's caps). */
const MEMBERS_PER_REQUEST = 100
/** create_group: the GroupId is taken, i.e. an earlier attempt created it. */
const GROUP_ID_USED = 10021

/**
 * Every join goes through our server (free joins, approvals, invitations), which then adds the
 * member in Tencent as the admin: Tencent's own join option stays DisableApply whatever the
 * group's mode, so an SDK client cannot join a Tencent group behind our back.
 */
const APPLY_JOIN_OPTION: Record<JoinMode, string> = {
  free: 'DisableApply',
  approval: 'DisableApply',
  closed: 'DisableApply',
}

interface ImReply {
  ActionStatus?: string
  ErrorCode?: number
  ErrorInfo?: string
}

/** A command Tencent refused or that did not reach it. */
export class TencentImError extends Error {
  constructor(
    readonly command: string,
    readonly errorCode: number | null,
    detail: string,
  ) {
    super(`tencent im ${command}: ${detail}`)
    this.name = 'TencentImError'
  }
}

const account = (userId: number): string => String(userId)
const chunks = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, (i + 1) * size),
  )

/** The real mirror: Tencent IM's server REST API (group_open_http_svc), called as the App admin. */
export class TencentImRestClient implements GroupMirror {
  readonly kind = 'tencent'
  private adminSig: { value: string; renewAt: number } | null = null

  constructor(
    private readonly options: TencentImOptions,
    private readonly clock: Clock,
  ) {}

  async createGroup(group: MirroredGroup): Promise<void> {
    const others = [...new Set(group.memberIds)].filter((id) => id !== group.ownerId)
    const [first = [], ...rest] = chunks(others, MEMBERS_PER_REQUEST)
    await this.call(
      'create_group',
      {
        GroupId: String(group.groupId),
        Owner_Account: account(group.ownerId),
        // Public: a group of strangers who share a book, which anyone may find and ask to join
        // (joins need approval per chat-spec; ApplyJoinOption carries the group's join mode).
        // Private (Work) groups take no applications and cannot mute members.
        Type: 'Public',
        Name: group.name,
        FaceUrl: group.avatar,
        Introduction: group.introduction,
        ApplyJoinOption: APPLY_JOIN_OPTION[group.joinMode],
        MemberList: first.map((id) => ({ Member_Account: account(id) })),
      },
      [GROUP_ID_USED],
    )
    for (const part of rest) await this.addMembers(group.groupId, part)
  }

  async updateGroup(changes: MirroredProfile): Promise<void> {
    const body: Record<string, unknown> = { GroupId: String(changes.groupId) }
    if (changes.name !== undefined) body.Name = changes.name
    if (changes.avatar !== undefined) body.FaceUrl = changes.avatar
    if (changes.introduction !== undefined) body.Introduction = changes.introduction
    if (changes.notification !== undefined) body.Notification = changes.notification
    if (changes.joinMode !== undefined) body.ApplyJoinOption = APPLY_JOIN_OPTION[changes.joinMode]
    if (changes.muteAll !== undefined) body.MuteAllMember = changes.muteAll ? 'On' : 'Off'
    if (Object.keys(body).length === 1) return
    await this.call('modify_group_base_info', body)
  }

  async addMembers(groupId: number, userIds: number[]): Promise<void> {
    for (const part of chunks([...new Set(userIds)], MEMBERS_PER_REQUEST)) {
      await this.call('add_group_member', {
        GroupId: String(groupId),
        // Silently: our gateway already posted the join tip.
        Silence: 1,
        MemberList: part.map((id) => ({ Member_Account: account(id) })),
      })
    }
  }

  async removeMembers(groupId: number, userIds: number[]): Promise<void> {
    for (const part of chunks([...new Set(userIds)], MEMBERS_PER_REQUEST)) {
      await this.call('delete_group_member', {
        GroupId: String(groupId),
        Silence: 1,
        MemberToDel_Account: part.map(account),
      })
    }
  }

  async setAdmin(groupId: number, userId: number, admin: boolean): Promise<void> {
    await this.call('modify_group_member_info', {
      GroupId: String(groupId),
      Member_Account: account(userId),
      Role: admin ? 'Admin' : 'Member',
    })
  }

  async muteMember(groupId: number, userId: number, seconds: number): Promise<void> {
    await this.call('forbid_send_msg', {
      GroupId: String(groupId),
      Members_Account: [account(userId)],
      MuteTime: Math.max(0, Math.floor(seconds)),
    })
  }

  async transferOwner(groupId: number, newOwnerId: number): Promise<void> {
    await this.call('change_group_owner', {
      GroupId: String(groupId),
      NewOwner_Account: account(newOwnerId),
    })
  }

  async disband(groupId: number): Promise<void> {
    await this.call('destroy_group', { GroupId: String(groupId) })
  }

  /** The App admin's userSig, signed again shortly before it expires. */
  private adminUserSig(): string {
    const nowSec = Math.floor(this.clock.now() / 1000)
    if (this.adminSig && nowSec < this.adminSig.renewAt) return this.adminSig.value
    const { sdkAppId, secretKey } = this.options
    const value = genTencentUserSig(sdkAppId, secretKey, IM_ADMIN, ADMIN_SIG_TTL_SEC, nowSec)
    this.adminSig = { value, renewAt: nowSec + ADMIN_SIG_TTL_SEC - ADMIN_SIG_EARLY_SEC }
    return value
  }

  /** POSTs one command; a FAIL reply (other than the `tolerated` codes) is a TencentImError. */
  private async call(command: string, body: unknown, tolerated: number[] = []): Promise<void> {
    const query = new URLSearchParams({
      sdkappid: String(this.options.sdkAppId),
      identifier: IM_ADMIN,
      usersig: this.adminUserSig(),
      random: String(randomInt(0, 2 ** 32)),
      contenttype: 'json',
    })
    const url = `${this.options.apiBase}/v4/group_open_http_svc/${command}?${query}`
    let reply: ImReply
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
      if (!res.ok) throw new Error(`HTTP ${res.status}`)
      reply = (await res.json()) as ImReply
    } catch (err) {
      throw new TencentImError(command, null, (err as Error).message)
    }
    const code = typeof reply.ErrorCode === 'number' ? reply.ErrorCode : 0
    if ((reply.ActionStatus === 'OK' && code === 0) || tolerated.includes(code)) return
    throw new TencentImError(
      command,
      code,
      `${reply.ActionStatus ?? 'no ActionStatus'} ${code} ${reply.ErrorInfo ?? ''}`.trim(),
    )
  }
}
