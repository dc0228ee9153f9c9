/**
 * The content moderation services: the TC3-HMAC-SHA256 signer against the example of Tencent's
 * "Signature v3" document, the Tencent client's requests (checked by a double that verifies the
 * signature on its own) and verdicts, the local double (word list, hash list) and the choice by
 * configuration; then a chat send refused through the Tencent client.
 */
import assert from 'node:assert/strict'
import { createHash, createHmac } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { after, before, describe, test } from 'node:test'
import { ChatErrors } from '@rules/chat'
import { loadConfig } from '../src/config'
import { createModerator, LocalModerator, TencentModerator } from '../src/services/moderation'
import { loadHashList, parseHashList } from '../src/services/moderation/local'
import { canonicalRequest, stringToSign, tc3Signature } from '../src/services/moderation/tc3'
import type { ModeratedFile } from '../src/services/moderation/types'
import { FrameError } from './chatClient'
import { befriendAll, client, reader, text } from './chatHelpers'
import { FakeClock, startServer, type TestServer } from './helpers'

const fileOf = (bytes: Buffer, name = 'f.bin'): ModeratedFile => ({
  name,
  size: bytes.length,
  open: async () => Readable.from([bytes.subarray(0, 5), bytes.subarray(5)]),
})
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex')

describe('TC3-HMAC-SHA256', () => {
  // Tencent's documented example: CVM DescribeInstances, 2019-02-25 16:44:25 UTC.
  const example = {
    secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE',
    secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
    service: 'cvm',
    host: 'cvm.tencentcloudapi.com',
    action: 'DescribeInstances',
    version: '2017-03-12',
    region: 'ap-guangzhou',
    timestamp: 1551113065,
    payload: String.raw`{"Limit": 1, "Filters": [{"Values": ["\u672a\u547d\u540d"], "Name": "instance-name"}]}`,
  }

  test('the canonical request, string to sign and signature of the documented example', () => {
    assert.equal(
      canonicalRequest(example),
      [
        'POST',
        '/',
        '',
        'content-type:application/json; charset=utf-8',
        'host:cvm.tencentcloudapi.com',
        '',
        'content-type;host',
        sha256(example.payload),
      ].join('\n'),
    )
    assert.equal(
      stringToSign(example),
      'TC3-HMAC-SHA256\n1551113065\n2019-02-25/cvm/tc3_request\n' +
        '5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031',
    )
    assert.equal(
      tc3Signature(example),
      '72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
    )
  })
})

interface Received {
  headers: http.IncomingHttpHeaders
  body: Record<string, unknown>
}

/** A Tencent API double that checks the TC3 signature itself and answers `answer(action)`. */
async function tencentDouble(secretKey: string, answer: (action: string) => unknown) {
  const received: Received[] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString()
      const headers = req.headers
      received.push({ headers, body: JSON.parse(raw) as Record<string, unknown> })
      const auth =
        /Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/(\w+)\/tc3_request, SignedHeaders=content-type;host, Signature=([0-9a-f]{64})$/.exec(
          String(headers.authorization),
        )
      let ok = false
      if (auth) {
        const [, , date, service, signature] = auth
        const canonical = `POST\n/\n\ncontent-type:${headers['content-type']}\nhost:${headers.host}\n\ncontent-type;host\n${sha256(raw)}`
        const toSign = `TC3-HMAC-SHA256\n${headers['x-tc-timestamp']}\n${date}/${service}/tc3_request\n${sha256(canonical)}`
        let key = createHmac('sha256', `TC3${secretKey}`).update(date).digest()
        key = createHmac('sha256', key).update(service).digest()
        key = createHmac('sha256', key).update('tc3_request').digest()
        ok = createHmac('sha256', key).update(toSign).digest('hex') === signature
      }
      const out = ok
        ? answer(String(headers['x-tc-action']))
        : { Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'bad' } } }
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(out))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    base,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const KEY = 'test-moderation-key'
const blockIf = (word: string) => (action: string, content: string) =>
  content.includes(word)
    ? { Response: { Suggestion: 'Block', Label: 'Gamble', RequestId: 'r' } }
    : { Response: { Suggestion: action === 'TextModeration' ? 'Pass' : 'Review', RequestId: 'r' } }

describe('the Tencent moderation client', () => {
  let double: Awaited<ReturnType<typeof tencentDouble>>
  const decide = blockIf('赌')
  before(async () => {
    double = await tencentDouble(KEY, (action) => {
      const body = double.received[double.received.length - 1].body
      const content =
        action === 'TextModeration'
          ? Buffer.from(String(body.Content), 'base64').toString('utf8')
          : Buffer.from(String(body.FileContent), 'base64').toString('utf8')
      return decide(action, content)
    })
  })
  after(() => double.close())

  const moderator = (secretKey = KEY) =>
    new TencentModerator(
      {
        secretId: 'AKID-test',
        secretKey,
        region: 'ap-shanghai',
        bizType: 'chat_policy',
        tmsEndpoint: double.base,
        imsEndpoint: double.base,
      },
      new FakeClock(1_700_000_000_000),
    )

  test('TextModeration: the text in base64, signed, the version and region; Block is risky', async () => {
    const m = moderator()
    assert.deepEqual(await m.checkText('去赌一把'), { risky: true, label: 'Gamble' })
    assert.deepEqual(await m.checkText('读书'), { risky: false })
    const sent = double.received[0]
    assert.equal(sent.headers['x-tc-action'], 'TextModeration')
    assert.equal(sent.headers['x-tc-version'], '2020-12-29')
    assert.equal(sent.headers['x-tc-region'], 'ap-shanghai')
    assert.equal(sent.headers['x-tc-timestamp'], '1700000000')
    assert.match(
      String(sent.headers.authorization),
      /^TC3-HMAC-SHA256 Credential=AKID-test\/2023-11-14\/tms\/tc3_request, /,
    )
    assert.deepEqual(sent.body, {
      Content: Buffer.from('去赌一把').toString('base64'),
      BizType: 'chat_policy',
    })
  })

  test('ImageModeration: the bytes as FileContent; Review is not risky; over 5 MB not sent', async () => {
    const m = moderator()
    const before = double.received.length
    assert.deepEqual(await m.checkImage(fileOf(Buffer.from('GIF89a 赌'))), {
      risky: true,
      label: 'Gamble',
    })
    assert.deepEqual(await m.checkImage(fileOf(Buffer.from('GIF89a fine'))), { risky: false })
    assert.equal(double.received[before].headers['x-tc-action'], 'ImageModeration')
    assert.match(String(double.received[before].headers.authorization), /\/ims\/tc3_request, /)
    const big = { name: 'big.png', size: 6 * 1024 * 1024, open: async () => null }
    assert.deepEqual(await m.checkImage(big), { risky: false })
    assert.equal(double.received.length, before + 2)
    // Audio, video and files: no synchronous check at Tencent.
    assert.deepEqual(await m.checkFile(), { risky: false })
  })

  test('an error answer (a wrong key) fails with a 502 and a Chinese message', async () => {
    await assert.rejects(
      moderator('wrong-key').checkText('读书'),
      (err: Error & { code?: number }) => {
        assert.equal(err.code, 502)
        assert.equal(err.message, '内容审核暂不可用，请稍后再试')
        return true
      },
    )
  })
})

describe('the local moderation double', () => {
  const risky = Buffer.from('a risky file')
  const local = new LocalModerator(new Set([sha256(risky)]))

  test('text: the blocked-word list, spacing and full-width forms folded', async () => {
    assert.equal((await local.checkText('这里有六合彩')).risky, true)
    assert.equal((await local.checkText('代 开 发 票')).risky, true)
    assert.equal((await local.checkText('今天读完了一本书')).risky, false)
  })

  test('files and images: risky when the SHA-256 of their bytes is listed', async () => {
    assert.deepEqual(await local.checkFile(fileOf(risky)), { risky: true, label: 'Listed' })
    assert.equal((await local.checkImage(fileOf(risky, 'a.png'))).risky, true)
    assert.equal(
      (await local.checkFile(fileOf(Buffer.from('something else'), 'b.bin'))).risky,
      false,
    )
    // A name's digest is kept (chat files are never overwritten): not read again.
    let opened = 0
    const again = {
      ...fileOf(risky, 'c.bin'),
      open: async () => (opened++, Readable.from([risky])),
    }
    assert.equal((await local.checkFile(again)).risky, true)
    assert.equal((await local.checkFile(again)).risky, true)
    assert.equal(opened, 1)
    assert.equal(
      (await local.checkFile({ name: 'x', size: 1, open: async () => null })).risky,
      false,
    )
  })

  test('the hash list: one digest a line, comments and blanks skipped, anything else refused', () => {
    const digest = sha256('x')
    assert.deepEqual(parseHashList(`# list\n\n${digest.toUpperCase()}  # a note\n`), [digest])
    assert.throws(() => parseHashList('not-a-digest'), /not a SHA-256/)
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hashes-'))
    const file = path.join(dir, 'list.txt')
    fs.writeFileSync(file, `${digest}\n`)
    assert.deepEqual([...loadHashList(file, [sha256('y')])], [digest, sha256('y')])
    fs.rmSync(dir, { recursive: true })
  })

  test('the committed list holds the committed test image', async () => {
    const moderator = createModerator(loadConfig({}), new FakeClock())
    assert.equal(moderator.name, 'local')
    const png = fs.readFileSync(path.join(__dirname, 'fixtures', 'moderation-risky.png'))
    assert.equal((await moderator.checkImage(fileOf(png, 'red.png'))).risky, true)
    const none = createModerator(loadConfig({ MODERATION_HASH_FILE: 'none' }), new FakeClock())
    assert.equal((await none.checkImage(fileOf(png, 'red.png'))).risky, false)
  })

  test('configuration: tencent chosen by MODERATION_PROVIDER and refused without its keys', () => {
    assert.throws(
      () => loadConfig({ MODERATION_PROVIDER: 'tencent' }),
      /TENCENT_MODERATION_SECRET_ID/,
    )
    assert.throws(() => loadConfig({ MODERATION_PROVIDER: 'other' }), /local or tencent/)
    const config = loadConfig({
      MODERATION_PROVIDER: 'tencent',
      TENCENT_MODERATION_SECRET_ID: 'id',
      TENCENT_MODERATION_SECRET_KEY: 'key',
    })
    assert.equal(config.moderation.tencent.region, 'ap-guangzhou')
    assert.equal(config.moderation.tencent.tmsEndpoint, 'https://tms.tencentcloudapi.com')
    assert.equal(createModerator(config, new FakeClock()).name, 'tencent')
  })
})

describe('a chat send moderated by the Tencent client', () => {
  let double: Awaited<ReturnType<typeof tencentDouble>>
  let s: TestServer
  before(async () => {
    double = await tencentDouble(KEY, (action) => {
      const body = double.received[double.received.length - 1].body
      return blockIf('赌')(action, Buffer.from(String(body.Content), 'base64').toString('utf8'))
    })
    s = await startServer({
      MODERATION_PROVIDER: 'tencent',
      TENCENT_MODERATION_SECRET_ID: 'AKID-test',
      TENCENT_MODERATION_SECRET_KEY: KEY,
      TENCENT_MODERATION_TMS_ENDPOINT: double.base,
      TENCENT_MODERATION_IMS_ENDPOINT: double.base,
    })
  })
  after(async () => {
    await s.close()
    await double.close()
  })

  test("Tencent's Block refuses the text with 80001; Pass lets it go", async () => {
    const a = await reader(s)
    const b = await reader(s)
    await befriendAll(s, a, b)
    const c = await client(s, a)
    await assert.rejects(c.send(text(a, b, '一起去赌吧')), (err: unknown) => {
      assert.ok(err instanceof FrameError)
      assert.deepEqual(
        [err.code, err.message],
        [ChatErrors.sensitive.code, ChatErrors.sensitive.text],
      )
      return true
    })
    const sent = await c.send(text(a, b, '一起去读书吧'))
    assert.equal(sent.payload.text, '一起去读书吧')
    assert.equal(double.received.length, 2)
    // The app's own blocked-word list holds whichever moderator runs (Tencent would pass it).
    await assert.rejects(c.send(text(a, b, '六合彩开奖')), (err: unknown) => {
      assert.ok(err instanceof FrameError)
      assert.equal(err.code, ChatErrors.sensitive.code)
      return true
    })
    c.close()
  })
})
