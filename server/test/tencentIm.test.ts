/**
 * The Tencent IM group mirror: the real REST client against a local double of Tencent's API (each
 * command's path, query and body; the admin userSig; a FAIL reply), and the groups service
 * mirroring its changes over HTTP, where a failing Tencent never fails the reader's call.
 */
import assert from 'node:assert/strict'
import { createHmac } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { inflateSync } from 'node:zlib'
import type { LoginResult } from '@api/account'
import { groupsApi } from '@api/groups'
import { loadConfig } from '../src/config'
import { friendships, groupMembers } from '../src/db/schema'
import { createGroupMirror, NoGroupMirror, TencentImRestClient } from '../src/services/tencentIm'
import { TencentImError } from '../src/services/tencentIm/rest'
import {
  FakeClock,
  newMobile,
  restPath,
  startDouble,
  startServer,
  type TestServer,
} from './helpers'

const SDKAPPID = '1400000002'
const SECRETKEY = 'tencent-im-test-secret'

interface ImCall {
  command: string
  query: URLSearchParams
  body: Record<string, unknown>
}

/** A double of Tencent IM's REST API: records every call; `fail` makes it answer FAIL. */
async function imDouble() {
  const calls: ImCall[] = []
  const state = { fail: false }
  const double = await startDouble(({ method, url, body }) => {
    assert.equal(method, 'POST')
    const match = /^\/v4\/group_open_http_svc\/([a-z_]+)$/.exec(url.pathname)
    const command = match ? match[1] : url.pathname
    calls.push({ command, query: url.searchParams, body: JSON.parse(body) })
    if (state.fail) {
      return { json: { ActionStatus: 'FAIL', ErrorCode: 10010, ErrorInfo: 'group not found' } }
    }
    return { json: { ActionStatus: 'OK', ErrorCode: 0, ErrorInfo: '' } }
  })
  return { ...double, calls, state }
}

/** The userSig as Tencent reads it: base64 (Tencent's url-safe alphabet), deflated JSON, HMAC. */
function verifyUserSig(sig: string, now: number): string {
  const raw = sig.replace(/\*/g, '+').replace(/-/g, '/').replace(/_/g, '=')
  const doc = JSON.parse(inflateSync(Buffer.from(raw, 'base64')).toString())
  assert.equal(doc['TLS.ver'], '2.0')
  assert.equal(doc['TLS.sdkappid'], Number(SDKAPPID))
  const content =
    `TLS.identifier:${doc['TLS.identifier']}\nTLS.sdkappid:${doc['TLS.sdkappid']}\n` +
    `TLS.time:${doc['TLS.time']}\nTLS.expire:${doc['TLS.expire']}\n`
  assert.equal(doc['TLS.sig'], createHmac('sha256', SECRETKEY).update(content).digest('base64'))
  assert.ok(doc['TLS.time'] + doc['TLS.expire'] > now / 1000, 'not expired')
  return doc['TLS.identifier']
}

function checkQuery(call: ImCall, now: number): void {
  const q = call.query
  assert.equal(q.get('sdkappid'), SDKAPPID)
  assert.equal(q.get('identifier'), 'administrator')
  assert.equal(q.get('contenttype'), 'json')
  const random = Number(q.get('random'))
  assert.ok(Number.isInteger(random) && random >= 0 && random <= 0xffffffff, 'random is a uint32')
  assert.equal(verifyUserSig(q.get('usersig') ?? '', now), 'administrator')
}

describe('TencentImRestClient against a double', () => {
  let im: Awaited<ReturnType<typeof imDouble>>
  let client: TencentImRestClient
  const clock = new FakeClock()
  before(async () => {
    im = await imDouble()
    client = new TencentImRestClient(
      { sdkAppId: Number(SDKAPPID), secretKey: SECRETKEY, apiBase: im.base },
      clock,
    )
  })
  after(() => im.close())

  test('each command: its path, the admin query and the body', async () => {
    im.calls.length = 0
    await client.createGroup({
      groupId: 7,
      name: '读书会',
      avatar: '/uploads/a.png',
      introduction: '一起读',
      ownerId: 1,
      memberIds: [1, 2, 3],
      joinMode: 'approval',
    })
    await client.updateGroup({ groupId: 7, name: '新名', notification: '公告', muteAll: true })
    await client.updateGroup({ groupId: 7, joinMode: 'free', muteAll: false })
    await client.updateGroup({ groupId: 7, joinMode: 'closed' })
    await client.addMembers(7, [4, 5])
    await client.removeMembers(7, [5])
    await client.setAdmin(7, 2, true)
    await client.setAdmin(7, 2, false)
    await client.muteMember(7, 3, 600)
    await client.muteMember(7, 3, 0)
    await client.transferOwner(7, 2)
    await client.disband(7)
    for (const call of im.calls) checkQuery(call, clock.now())
    assert.deepEqual(
      im.calls.map((c) => [c.command, c.body]),
      [
        [
          'create_group',
          {
            GroupId: '7',
            Owner_Account: '1',
            Type: 'Public',
            Name: '读书会',
            FaceUrl: '/uploads/a.png',
            Introduction: '一起读',
            ApplyJoinOption: 'DisableApply',
            MemberList: [{ Member_Account: '2' }, { Member_Account: '3' }],
          },
        ],
        [
          'modify_group_base_info',
          { GroupId: '7', Name: '新名', Notification: '公告', MuteAllMember: 'On' },
        ],
        [
          'modify_group_base_info',
          { GroupId: '7', ApplyJoinOption: 'DisableApply', MuteAllMember: 'Off' },
        ],
        ['modify_group_base_info', { GroupId: '7', ApplyJoinOption: 'DisableApply' }],
        [
          'add_group_member',
          {
            GroupId: '7',
            Silence: 1,
            MemberList: [{ Member_Account: '4' }, { Member_Account: '5' }],
          },
        ],
        ['delete_group_member', { GroupId: '7', Silence: 1, MemberToDel_Account: ['5'] }],
        ['modify_group_member_info', { GroupId: '7', Member_Account: '2', Role: 'Admin' }],
        ['modify_group_member_info', { GroupId: '7', Member_Account: '2', Role: 'Member' }],
        ['forbid_send_msg', { GroupId: '7', Members_Account: ['3'], MuteTime: 600 }],
        ['forbid_send_msg', { GroupId: '7', Members_Account: ['3'], MuteTime: 0 }],
        ['change_group_owner', { GroupId: '7', NewOwner_Account: '2' }],
        ['destroy_group', { GroupId: '7' }],
      ],
    )
  })

  test('a large group is created with its first 100 members, the rest added 100 at a time', async () => {
    im.calls.length = 0
    const memberIds = Array.from({ length: 250 }, (_, i) => i + 2)
    await client.createGroup({
      groupId: 8,
      name: '大群',
      avatar: '',
      introduction: '',
      ownerId: 1,
      memberIds,
      joinMode: 'free',
    })
    const sizes = im.calls.map((c) => [c.command, (c.body.MemberList as unknown[]).length])
    assert.deepEqual(sizes, [
      ['create_group', 100],
      ['add_group_member', 100],
      ['add_group_member', 50],
    ])
  })

  test('the admin userSig is kept, and signed again shortly before it expires', async () => {
    im.calls.length = 0
    await client.disband(1)
    clock.advance(60 * 60 * 1000)
    await client.disband(2)
    clock.advance(23 * 60 * 60 * 1000)
    await client.disband(3)
    const sigs = im.calls.map((c) => c.query.get('usersig'))
    assert.equal(sigs[0], sigs[1])
    assert.notEqual(sigs[1], sigs[2])
    checkQuery(im.calls[2], clock.now())
  })

  test('a FAIL reply is an error; 10021 on create (the id already used) is not', async () => {
    im.state.fail = true
    try {
      await assert.rejects(client.muteMember(7, 3, 60), (err: unknown) => {
        assert.ok(err instanceof TencentImError)
        assert.equal(err.command, 'forbid_send_msg')
        assert.equal(err.errorCode, 10010)
        return true
      })
    } finally {
      im.state.fail = false
    }
    const used = await startDouble(() => ({
      json: { ActionStatus: 'FAIL', ErrorCode: 10021, ErrorInfo: 'group id used' },
    }))
    try {
      const retrying = new TencentImRestClient(
        { sdkAppId: Number(SDKAPPID), secretKey: SECRETKEY, apiBase: used.base },
        clock,
      )
      const group = {
        groupId: 9,
        name: '重试',
        avatar: '',
        introduction: '',
        ownerId: 1,
        memberIds: [2],
        joinMode: 'free' as const,
      }
      await retrying.createGroup(group)
      await assert.rejects(retrying.disband(9), TencentImError)
    } finally {
      await used.close()
    }
  })

  test('an HTTP error or an unreachable API is an error', async () => {
    const broken = await startDouble(() => ({ status: 502, json: {} }))
    const down = new TencentImRestClient(
      { sdkAppId: Number(SDKAPPID), secretKey: SECRETKEY, apiBase: broken.base },
      clock,
    )
    await assert.rejects(down.disband(1), /destroy_group: HTTP 502/)
    await broken.close()
    await assert.rejects(down.disband(1), TencentImError)
  })

  test('the mirror is chosen by config: nothing without TENCENT_SDKAPPID', () => {
    assert.ok(createGroupMirror(loadConfig({}), clock) instanceof NoGroupMirror)
    const config = loadConfig({ TENCENT_SDKAPPID: SDKAPPID, TENCENT_SECRETKEY: SECRETKEY })
    assert.equal(config.tencent.imApiBase, 'https://console.tim.qq.com')
    assert.ok(createGroupMirror(config, clock) instanceof TencentImRestClient)
  })
})

describe('the groups service mirrors its changes', () => {
  let im: Awaited<ReturnType<typeof imDouble>>
  let s: TestServer
  before(async () => {
    im = await imDouble()
    s = await startServer({
      TENCENT_SDKAPPID: SDKAPPID,
      TENCENT_SECRETKEY: SECRETKEY,
      TENCENT_IM_API_BASE: im.base,
    })
  })
  after(async () => {
    await s.close()
    await im.close()
  })

  async function person(): Promise<{ id: number; token: string }> {
    const login: LoginResult = await s.register(newMobile())
    return { id: login.user.user_id, token: login.access_token }
  }

  async function befriend(a: { id: number }, b: { id: number }): Promise<void> {
    const createdAt = new Date(s.clock.now())
    await s.db.insert(friendships).values([
      { userId: a.id, friendId: b.id, createdAt },
      { userId: b.id, friendId: a.id, createdAt },
    ])
  }

  async function g(key: keyof typeof groupsApi, input: object, who: { token: string }) {
    const res = await s.post(restPath(groupsApi[key]), input as Record<string, unknown>, {
      token: who.token,
    })
    assert.equal(res.body.code, 200, `${key}: ${JSON.stringify(res.body)}`)
    return res.body.data
  }

  test('create, mute, admin, mute all, invite, remove, transfer, disband: each reaches Tencent', async () => {
    const [owner, friend, third] = [await person(), await person(), await person()]
    await befriend(owner, friend)
    await befriend(owner, third)
    im.calls.length = 0
    const group = await g('createGroup', { name: '镜像读书会', userIds: [friend.id] }, owner)
    const groupId = String(group.groupId)
    await g('muteMember', { groupId: group.groupId, userId: friend.id, seconds: 600 }, owner)
    await g('setAdmin', { groupId: group.groupId, userId: friend.id, admin: 1 }, owner)
    await g('updateGroup', { groupId: group.groupId, muteAll: 1 }, owner)
    await g('joinOrInvite', { groupId: group.groupId, userIds: [third.id] }, owner)
    await g('leaveOrRemove', { groupId: group.groupId, userIds: [third.id] }, owner)
    await g('transferOwner', { groupId: group.groupId, userId: friend.id }, owner)
    await g('disband', { groupId: group.groupId }, friend)
    for (const call of im.calls) checkQuery(call, s.clock.now())
    assert.deepEqual(
      im.calls.map((c) => [c.command, c.body]),
      [
        [
          'create_group',
          {
            GroupId: groupId,
            Owner_Account: String(owner.id),
            Type: 'Public',
            Name: '镜像读书会',
            FaceUrl: '',
            Introduction: '',
            ApplyJoinOption: 'DisableApply',
            MemberList: [{ Member_Account: String(friend.id) }],
          },
        ],
        [
          'forbid_send_msg',
          { GroupId: groupId, Members_Account: [String(friend.id)], MuteTime: 600 },
        ],
        [
          'modify_group_member_info',
          { GroupId: groupId, Member_Account: String(friend.id), Role: 'Admin' },
        ],
        ['modify_group_base_info', { GroupId: groupId, MuteAllMember: 'On' }],
        [
          'add_group_member',
          { GroupId: groupId, Silence: 1, MemberList: [{ Member_Account: String(third.id) }] },
        ],
        [
          'delete_group_member',
          { GroupId: groupId, Silence: 1, MemberToDel_Account: [String(third.id)] },
        ],
        // The friend's mute (from before they became an admin) is lifted before the handover,
        // as our database lifts it.
        [
          'forbid_send_msg',
          { GroupId: groupId, Members_Account: [String(friend.id)], MuteTime: 0 },
        ],
        ['change_group_owner', { GroupId: groupId, NewOwner_Account: String(friend.id) }],
        ['destroy_group', { GroupId: groupId }],
      ],
    )
  })

  test('a refused change is not mirrored', async () => {
    const [owner, friend, stranger] = [await person(), await person(), await person()]
    await befriend(owner, friend)
    const group = await g('createGroup', { name: '只读一次', userIds: [friend.id] }, owner)
    im.calls.length = 0
    const res = await s.post(
      restPath(groupsApi.muteMember),
      { groupId: group.groupId, userId: owner.id, seconds: 60 },
      { token: stranger.token },
    )
    assert.equal(res.body.code, 403)
    assert.deepEqual(im.calls, [])
  })

  test('Tencent answering FAIL does not fail the reader nor undo the change', async () => {
    const [owner, friend] = [await person(), await person()]
    await befriend(owner, friend)
    im.state.fail = true
    try {
      im.calls.length = 0
      const group = await g('createGroup', { name: '腾讯失败', userIds: [friend.id] }, owner)
      await g('muteMember', { groupId: group.groupId, userId: friend.id, seconds: 60 }, owner)
      assert.deepEqual(
        im.calls.map((c) => c.command),
        ['create_group', 'forbid_send_msg'],
      )
      const rows = await s.db.select().from(groupMembers)
      const mine = rows.filter((row) => row.groupId === group.groupId)
      assert.equal(mine.length, 2)
      assert.ok(mine.find((row) => row.userId === friend.id)?.muteUntil, 'the mute is kept')
    } finally {
      im.state.fail = false
    }
  })
})
