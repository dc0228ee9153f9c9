/**
 * The agent's poster (User.Mer_User.GetPoster, issue 18) over HTTP, in both call styles: agents
 * only; a 750×1200 PNG served at its /uploads/ path; the link is PUBLIC_ORIGIN's home with the
 * agent's id as spid; cached (the same path while nothing shown changes, even when asked for at
 * once), made again when the nickname changes (the old file removed) or the file is gone; a
 * nickname with XML's special characters is escaped and renders.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { accountApi } from '@api/account'
import { AgentText } from '@rules/agent'
import { agents, users } from '../src/db/schema'
import { parseUploadUrl } from '../src/modules/common/uploadNames'
import { escapeXml, posterSvg } from '../src/modules/agent/poster'
import { restPath, startServer, type TestServer } from './helpers'
import { fails, reader, type Reader } from './shopHelpers'
import { agentCall, approvedAgent, boundMember, okData, type Person } from './agentHelpers'

const ORIGIN = 'https://read.example.com'
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  assert.ok(png.subarray(0, 8).equals(PNG_SIGNATURE), 'PNG signature')
  assert.equal(png.subarray(12, 16).toString('ascii'), 'IHDR')
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) }
}

describe('agent poster', () => {
  let s: TestServer
  let agent: Person
  let member: Reader
  let stranger: Reader

  before(async () => {
    s = await startServer({ PUBLIC_ORIGIN: ORIGIN })
    agent = await approvedAgent(s)
    member = await boundMember(s, agent)
    stranger = await reader(s)
  })
  after(() => s.close())

  const storage = () => s.fastify.chatContext.storage

  async function download(path: string): Promise<{ status: number; type: string; png: Buffer }> {
    const res = await fetch(s.base + path)
    return {
      status: res.status,
      type: res.headers.get('content-type') ?? '',
      png: Buffer.from(await res.arrayBuffer()),
    }
  }

  async function setNickname(who: Reader, nickname: string): Promise<void> {
    okData(await s.post(restPath(accountApi.updateProfile), { nickname }, { token: who.token }))
  }

  test('agents only', async () => {
    for (const who of [member, stranger]) {
      for (const style of ['r', 'q'] as const) {
        fails(await agentCall(s, 'poster', {}, who.token, style), 403, AgentText.notAgent)
      }
    }
    const res = await agentCall(s, 'poster', {})
    assert.equal(res.status, 401)
  })

  test('a 750×1200 PNG at its upload path, the link with my spid, cached', async () => {
    const first = okData(await agentCall(s, 'poster', {}, agent.token))
    assert.equal(first.link, `${ORIGIN}/pages/index/index?spid=${agent.id}`)
    assert.deepEqual([first.width, first.height], [750, 1200])
    assert.match(first.image, /^\/uploads\/[a-f0-9]{32}\.png$/)
    const got = await download(first.image)
    assert.equal(got.status, 200)
    assert.equal(got.type, 'image/png')
    assert.deepEqual(pngSize(got.png), { width: 750, height: 1200 })
    assert.ok(got.png.length > 20_000, `a real picture (${got.png.length} bytes)`)

    const [row] = await s.db.select().from(agents).where(eq(agents.userId, agent.id))
    assert.equal(row.posterPath, first.image)
    assert.match(row.posterKey ?? '', /^[a-f0-9]{64}$/)

    // Cached: the same file, in both styles, and when asked for several times at once.
    for (const style of ['r', 'q'] as const) {
      const again = okData(await agentCall(s, 'poster', {}, agent.token, style))
      assert.deepEqual(again, first)
    }
    const many = await Promise.all(
      Array.from({ length: 3 }, () => agentCall(s, 'poster', {}, agent.token)),
    )
    for (const res of many) assert.equal(okData(res).image, first.image)
  })

  test('made again when the nickname changes (the old file removed) or the file is gone', async () => {
    const first = okData(await agentCall(s, 'poster', {}, agent.token))
    await setNickname(agent, '爱读书的吧主')
    const second = okData(await agentCall(s, 'poster', {}, agent.token))
    assert.notEqual(second.image, first.image)
    assert.equal((await download(first.image)).status, 404, 'the old poster is removed')
    assert.equal(await storage().size(parseUploadUrl(first.image) as string), null)
    assert.equal((await download(second.image)).status, 200)
    assert.deepEqual(okData(await agentCall(s, 'poster', {}, agent.token, 'q')), second)

    // Concurrent asks after a change all get the one poster stored.
    await setNickname(agent, '吧主二号')
    const many = await Promise.all(
      Array.from({ length: 3 }, () => agentCall(s, 'poster', {}, agent.token)),
    )
    const images = new Set(many.map((res) => okData(res).image))
    assert.equal(images.size, 1, JSON.stringify([...images]))
    const [third] = [...images]
    assert.notEqual(third, second.image)
    assert.equal((await download(third)).status, 200)

    await storage().remove(parseUploadUrl(third) as string)
    const fourth = okData(await agentCall(s, 'poster', {}, agent.token))
    assert.notEqual(fourth.image, third)
    assert.deepEqual(pngSize((await download(fourth.image)).png), { width: 750, height: 1200 })
  })

  test('a nickname with <&"\'> is escaped and renders', async () => {
    const nasty = `<b>&"'</svg>`
    // Nicknames come from WeChat too: written straight into the row, whatever the profile rules.
    await s.db.update(users).set({ nickname: nasty }).where(eq(users.id, agent.id))
    const poster = okData(await agentCall(s, 'poster', {}, agent.token))
    const got = await download(poster.image)
    assert.equal(got.status, 200)
    assert.deepEqual(pngSize(got.png), { width: 750, height: 1200 })

    const svg = posterSvg(nasty, poster.link)
    assert.ok(!svg.includes(nasty))
    assert.ok(svg.includes('&lt;b&gt;&amp;&quot;&apos;&lt;/svg&gt;'))
    assert.equal(escapeXml(`a\u0000b\u0007c<`), 'abc&lt;')
    assert.equal(escapeXml('读书\ud83d\udcda'), '读书\ud83d\udcda', 'surrogate pairs kept')
    assert.equal(escapeXml('x\ud83dy'), 'xy', 'a lone surrogate dropped')

    // A very long one is cut to fit, and still renders.
    await s.db
      .update(users)
      .set({ nickname: '很长的昵称'.repeat(12) })
      .where(eq(users.id, agent.id))
    const long = okData(await agentCall(s, 'poster', {}, agent.token))
    assert.notEqual(long.image, poster.image)
    assert.equal((await download(long.image)).status, 200)
  })
})
