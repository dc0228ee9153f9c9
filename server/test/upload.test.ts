import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { accountApi } from '@api/account'
import { commonApi } from '@api/common'
import { newMobile, queryPath, startServer, tinyPng, type TestServer } from './helpers'
import { asPost, multipart } from './multipart'

const UPLOAD = queryPath(commonApi.upload)

const form = (data: Buffer, name: string, type: string, field?: string) =>
  asPost(multipart({}, data, name, type, field))

describe('upload', () => {
  let s: TestServer
  let token: string
  before(async () => {
    s = await startServer()
    token = (await s.register(newMobile())).access_token
  })
  after(() => s.close())

  test('accepts a PNG, serves it, and lets it become the avatar', async () => {
    const png = tinyPng()
    const res = await s.post(UPLOAD, undefined, { token, ...form(png, 'me.png', 'image/png') })
    assert.equal(res.body.ret, 200, JSON.stringify(res.body))
    assert.match(res.body.data.url, /^\/uploads\/[a-f0-9]{32}\.png$/)
    assert.equal(res.body.data.size, png.length)
    assert.equal(res.body.data.mime, 'image/png')

    const file = await fetch(s.base + res.body.data.url)
    assert.equal(file.status, 200)
    assert.equal(file.headers.get('content-type'), 'image/png')
    assert.deepEqual(Buffer.from(await file.arrayBuffer()), png)

    const absolute = `http://cdn.example.com${res.body.data.url}`
    const avatar = await s.post(
      queryPath(accountApi.updateProfile),
      { avatar: absolute },
      { token },
    )
    assert.equal(avatar.body.ret, 200)
    assert.equal(avatar.body.data.avatar, res.body.data.url)

    // Someone else's upload cannot become my avatar.
    const other = await s.register(newMobile())
    const theft = await s.post(
      queryPath(accountApi.updateProfile),
      { avatar: res.body.data.url },
      { token: other.access_token },
    )
    assert.equal(theft.status, 400)
  })

  test('refuses a text file named .png', async () => {
    const res = await s.post(UPLOAD, undefined, {
      token,
      ...form(Buffer.from('hello, I am not an image'), 'fake.png', 'image/png'),
    })
    assert.equal(res.status, 400)
    assert.equal(res.body.msg, '请上传有效的图片文件')
  })

  test('refuses files over 5 MB', async () => {
    const big = Buffer.concat([tinyPng(), Buffer.alloc(5 * 1024 * 1024)])
    const res = await s.post(UPLOAD, undefined, { token, ...form(big, 'big.png', 'image/png') })
    assert.equal(res.status, 400)
    assert.equal(res.body.msg, '文件不能超过5MB')
  })

  test('refuses a missing file, a wrong field and a guest', async () => {
    const empty = await s.post(UPLOAD, { file: 'x' }, { token })
    assert.equal(empty.status, 400)
    assert.equal(empty.body.msg, '请上传有效的图片文件')
    const field = await s.post(UPLOAD, undefined, {
      token,
      ...form(tinyPng(), 'a.png', 'image/png', 'photo'),
    })
    assert.equal(field.status, 400)
    const guest = await s.post(UPLOAD, undefined, form(tinyPng(), 'a.png', 'image/png'))
    assert.equal(guest.body.ret, 302)
    assert.equal((await fetch(`${s.base}/uploads/../../etc/passwd`)).status, 404)
    assert.equal((await fetch(`${s.base}/uploads/${'b'.repeat(32)}.png`)).status, 404)
  })
})
