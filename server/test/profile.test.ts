import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { idCardCheckChar } from '@rules/validate'
import { accountApi } from '@api/account'
import { socialApi } from '@api/social'
import { userLogs, users } from '../src/db/schema'
import { newMobile, queryPath, restPath, startServer, type TestServer } from './helpers'

const UPDATE = queryPath(accountApi.updateProfile)
const REST_UPDATE = restPath(accountApi.updateProfile)
const IDCARD = queryPath(accountApi.idcardAuth)

const validId = (first17: string): string => first17 + idCardCheckChar(first17)
const wrongCheck = (id: string): string => id.slice(0, 17) + (id[17] === '0' ? '1' : '0')

describe('profile, real-name verification and referrer', () => {
  let s: TestServer
  before(async () => {
    s = await startServer()
  })
  after(() => s.close())

  test('updates any subset of the profile, in both styles', async () => {
    const { access_token: token } = await s.register(newMobile())
    const res = await s.post(UPDATE, { nickname: '  新名字  ', sex: 2 }, { token })
    assert.equal(res.body.ret, 200)
    assert.equal(res.body.data.nickname, '新名字')
    assert.equal(res.body.data.sex, 2)
    const rest = await s.post(REST_UPDATE, { signature: '读书，是一场修行' }, { token, form: true })
    assert.equal(rest.body.code, 200)
    assert.equal(rest.body.data.nickname, '新名字')
    assert.equal(rest.body.data.signature, '读书，是一场修行')
    const me = await s.get(restPath(socialApi.userDetail), { token })
    assert.equal(me.body.data.signature, '读书，是一场修行')
  })

  test('validates the profile fields and blocked words', async () => {
    const { access_token: token } = await s.register(newMobile())
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ nickname: '' }, '请输入昵称'],
      [{ nickname: '一二三四五六七八九十一二三四五六七' }, '昵称不能超过16个字'],
      [{ signature: '字'.repeat(61) }, '个性签名不能超过60个字'],
      [{ sex: 3 }, '性别参数不正确'],
      [{ nickname: '六合彩老师' }, '内容包含违规词语，请修改后再提交'],
      [{ signature: '欢迎来 裸 聊' }, '内容包含违规词语，请修改后再提交'],
      [{}, '没有需要修改的资料'],
      [{ avatar: 'https://evil.example.com/a.png' }, '头像图片无效，请重新上传'],
      [{ avatar: `/uploads/${'a'.repeat(32)}.png` }, '头像图片无效，请重新上传'],
      [{ nickname: ['a', 'b'] }, '参数 nickname 格式错误'],
    ]
    for (const [body, msg] of cases) {
      const res = await s.post(UPDATE, body, { token })
      assert.equal(res.status, 400, JSON.stringify(body))
      assert.equal(res.body.msg, msg, JSON.stringify(body))
    }
    // Empty avatar clears it.
    assert.equal((await s.post(UPDATE, { avatar: '' }, { token })).body.ret, 200)
  })

  test('IdcardAuth accepts a valid ID once and refuses a wrong check digit or a reused ID', async () => {
    const a = await s.register(newMobile())
    const b = await s.register(newMobile())
    const id = validId('11010519491231002')
    const bad = await s.post(
      IDCARD,
      { real_name: '张三', id_card: wrongCheck(id) },
      { token: a.access_token },
    )
    assert.equal(bad.status, 400)
    assert.equal(bad.body.msg, '请输入正确的身份证号')
    const badName = await s.post(
      IDCARD,
      { real_name: 'Tom', id_card: id },
      { token: a.access_token },
    )
    assert.equal(badName.body.msg, '请输入2-4个汉字的真实姓名')

    const ok = await s.post(IDCARD, { real_name: '张三丰', id_card: id }, { token: a.access_token })
    assert.equal(ok.body.ret, 200)
    assert.equal(ok.body.data.real_name_verified, true)
    assert.equal(ok.body.data.real_name, '张**')

    const rows = await s.db.select().from(users).where(eq(users.id, a.user.user_id))
    assert.equal(rows[0].idCardLast4, id.slice(-4))
    assert.ok(rows[0].idCardHash && !rows[0].idCardHash.includes(id.slice(0, 17)))

    const reused = await s.post(
      IDCARD,
      { real_name: '李四', id_card: id.toLowerCase() },
      { token: b.access_token },
    )
    assert.equal(reused.body.msg, '该身份证已被认证')
    const twice = await s.post(
      IDCARD,
      { real_name: '张三丰', id_card: validId('11010519800101001') },
      { token: a.access_token },
    )
    assert.equal(twice.body.msg, '您已完成实名认证')
    const guest = await s.post(IDCARD, { real_name: '张三', id_card: id })
    assert.equal(guest.body.ret, 302)
  })

  test('GetInfo shows a public view', async () => {
    const res = await s.get(`${queryPath(accountApi.userInfo)}&user_id=2`)
    assert.deepEqual(Object.keys(res.body.data).sort(), [
      'avatar',
      'nickname',
      'sex',
      'signature',
      'user_id',
    ])
    assert.equal(res.body.data.nickname, '书友小林')
    assert.equal((await s.get(`${queryPath(accountApi.userInfo)}&user_id=999999`)).status, 404)
    assert.equal((await s.get(`${queryPath(accountApi.userInfo)}&user_id=abc`)).status, 400)
    assert.equal((await s.post('/index.php?s=App.User.GetInfo&user_id=1')).status, 405)
  })

  test('BindSpid binds once, never to oneself, never to an unknown user', async () => {
    const me = await s.register(newMobile())
    const token = me.access_token
    const self = await s.post(
      queryPath(accountApi.bindSpid),
      { spid: String(me.user.user_id) },
      { token },
    )
    assert.equal(self.status, 400)
    const unknown = await s.post(queryPath(accountApi.bindSpid), { spid: '999999' }, { token })
    assert.equal(unknown.status, 400)
    assert.equal(unknown.body.msg, '推荐人不存在')
    const garbage = await s.post(queryPath(accountApi.bindSpid), { spid: 'abc' }, { token })
    assert.equal(garbage.status, 400)
    const ok = await s.post(queryPath(accountApi.bindSpid), { spid: '1' }, { token, form: true })
    assert.equal(ok.body.ret, 200)
    assert.equal(ok.body.msg, '绑定成功')
    assert.deepEqual(ok.body.data, { spid_user_id: 1 })
    const again = await s.post(queryPath(accountApi.bindSpid), { spid: '2' }, { token })
    assert.equal(again.body.msg, '已绑定过推荐人')
  })

  test('CreateLog stores the platform and device', async () => {
    const me = await s.register(newMobile())
    const res = await s.post(
      queryPath(accountApi.createLog),
      { platform_type: 'H5', device_info: 'Chrome 130 / Linux' },
      { token: me.access_token, form: true },
    )
    assert.equal(res.body.ret, 200)
    const rows = await s.db.select().from(userLogs).where(eq(userLogs.userId, me.user.user_id))
    assert.equal(rows.length, 1)
    assert.equal(rows[0].platformType, 'H5')
    assert.equal(rows[0].deviceInfo, 'Chrome 130 / Linux')
    const missing = await s.post(queryPath(accountApi.createLog), {}, { token: me.access_token })
    assert.equal(missing.status, 400)
  })
})
