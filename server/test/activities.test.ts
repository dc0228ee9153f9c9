/**
 * Voting activities (issue 16), everything but the votes (activities-votes.test.ts): the seeded
 * activities; the list, an activity and its entries in both styles, for guests too; the phases as
 * the clock moves; applying (window, once, texts, images of one's own); daily sign-ins; shares
 * counted once per viewer per hour; the operators' saveActivity (who, windows, cover).
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { ActivityLimits, ActivityText, chinaDay } from '@rules/activities'
import { BLOCKED_TEXT_MESSAGE } from '@rules/moderation'
import { activities, activityEntries, users } from '../src/db/schema'
import { ENDED_ACTIVITY_TITLE, RUNNING_ACTIVITY_TITLE, SEED_ACTIVITIES } from '../seed/activities'
import { DEMO_OPERATOR } from '../seed/users'
import { sweepUnreferencedUploads } from '../src/modules/common/uploadSweep'
import { DiskStorage } from '../src/services/storage'
import {
  DAY,
  DEMO_MOBILE,
  DEMO_PASSWORD,
  HOUR,
  MINUTE,
  newMobile,
  startServer,
  type TestServer,
} from './helpers'
import { fails, ok, q, r, secs, type Reader } from './activitiesHelpers'

interface Person extends Reader {
  mobile: string
}

interface Listed {
  id: number
  title: string
  votes: number
  rank: number
  mine: boolean
  excerpt: string
  author: { id: number; nickname: string }
}

describe('activities', () => {
  let s: TestServer
  let me: Person
  let other: Person
  let demo: Person
  let operator: Person

  async function person(): Promise<Person> {
    const mobile = newMobile()
    const res = await s.register(mobile)
    return { id: res.user.user_id, token: res.access_token, mobile }
  }

  /** Logs everyone in again (after the clock moved past the access tokens' life). */
  async function freshTokens(): Promise<void> {
    for (const who of [me, other, demo, operator]) {
      const pass = who === demo || who === operator ? DEMO_PASSWORD : undefined
      who.token = (await s.login(who.mobile, pass)).access_token
    }
  }

  /** Windows relative to now, in hours. */
  function windows(applyStart: number, applyEnd: number, voteStart: number, voteEnd: number) {
    const now = s.clock.now()
    return {
      applyStart: secs(now + applyStart * HOUR),
      applyEnd: secs(now + applyEnd * HOUR),
      voteStart: secs(now + voteStart * HOUR),
      voteEnd: secs(now + voteEnd * HOUR),
    }
  }

  async function create(fields: Record<string, unknown> = {}): Promise<{ id: number }> {
    const res = await s.post(
      q('saveActivity'),
      {
        title: '测试活动',
        summary: '一句话简介',
        description: '第一段\n第二段',
        rules: '规则一\n规则二',
        ...windows(-1, 24, 1, 48),
        votesPerDay: 3,
        entryImageMax: 3,
        ...fields,
      },
      { token: operator.token },
    )
    ok(res, 'saveActivity')
    return res.body.data
  }

  const applyTo = (who: Person, activityId: number, fields: Record<string, unknown> = {}) =>
    s.post(
      q('apply'),
      { activityId, title: '我的作品', content: '读书让我快乐。', ...fields },
      { token: who.token },
    )

  before(async () => {
    s = await startServer()
    me = await person()
    other = await person()
    const d = await s.login(DEMO_MOBILE, DEMO_PASSWORD)
    demo = { id: d.user.user_id, token: d.access_token, mobile: DEMO_MOBILE }
    const o = await s.login(DEMO_OPERATOR.mobile, DEMO_PASSWORD)
    operator = { id: o.user.user_id, token: o.access_token, mobile: DEMO_OPERATOR.mobile }
  })
  after(() => s.close())

  test('the seeded activities: one running, one ended with a winner, in both styles', async () => {
    const current = await s.get(q('activityList'))
    ok(current)
    const running = current.body.data.list.find(
      (a: { title: string }) => a.title === RUNNING_ACTIVITY_TITLE,
    )
    assert.ok(running, 'the running activity is current')
    assert.equal(running.phase, 'voting')
    assert.equal(running.entryCount, SEED_ACTIVITIES[0].entries.length)
    assert.equal(
      running.voteCount,
      SEED_ACTIVITIES[0].entries.reduce((n, e) => n + e.votes, 0),
    )
    assert.ok(running.cover.startsWith('/api/posters/'))

    const past = await s.get(`${r('activityList')}?state=past`)
    assert.equal(past.body.code, 200)
    const ended = past.body.data.list.find(
      (a: { title: string }) => a.title === ENDED_ACTIVITY_TITLE,
    )
    assert.ok(ended, 'the ended activity is past')
    assert.equal(ended.phase, 'ended')
    assert.ok(!past.body.data.list.some((a: { id: number }) => a.id === running.id))

    // The ended one's winner: 书友小林's entry, first by votes, rank 1.
    const items = await s.get(`${q('voteItemList')}&activityId=${ended.id}`)
    ok(items)
    const [winner, second] = items.body.data.list as Listed[]
    assert.equal(winner.author.nickname, '书友小林')
    assert.equal(winner.rank, 1)
    assert.equal(winner.votes, 14)
    assert.equal(second.rank, 2)
    assert.equal(second.author.nickname, '演示读者')

    // A guest's detail has no part; the demo reader's part in the running one: no entry yet.
    const guest = await s.get(`${q('activityDetail')}&id=${running.id}`)
    ok(guest)
    assert.equal(guest.body.data.mine, null)
    assert.deepEqual(
      [guest.body.data.applyOpen, guest.body.data.voteOpen, guest.body.data.signOpen],
      [true, true, true],
    )
    assert.equal(guest.body.data.votesPerDay, 3)
    assert.ok(guest.body.data.description.includes('\n'))
    const mine = await s.get(`${r('activityDetail')}?id=${running.id}`, { token: demo.token })
    assert.equal(mine.body.code, 200)
    assert.deepEqual(mine.body.data.mine, { entryId: null, votesLeftToday: 3, signedToday: false })
    assert.equal(mine.body.data.title, RUNNING_ACTIVITY_TITLE)

    // Missing: 404.
    fails(await s.get(`${q('activityDetail')}&id=999999`), 404, ActivityText.notFound)
    fails(await s.get(`${r('voteItemList')}?activityId=999999`), 404, ActivityText.notFound)
    fails(await s.get(`${q('voteItemDetail')}&id=999999`), 404, ActivityText.entryNotFound)
    fails(await s.get(`${q('activityList')}&state=later`), 400, ActivityText.listStateInvalid)
  })

  test('guests read the public calls and are asked to log in for the rest', async () => {
    const [running] = await s.db
      .select()
      .from(activities)
      .where(eq(activities.title, RUNNING_ACTIVITY_TITLE))
    const [entry] = await s.db
      .select()
      .from(activityEntries)
      .where(eq(activityEntries.activityId, running.id))
    for (const key of ['mySign', 'sign', 'apply'] as const) {
      const input = { activityId: running.id, title: 't', content: 'c' }
      const query =
        key === 'mySign' ? s.get(`${q(key)}&activityId=${running.id}`) : s.post(q(key), input)
      assert.equal((await query).body.ret, 302, key)
      const rest =
        key === 'mySign' ? s.get(`${r(key)}?activityId=${running.id}`) : s.post(r(key), input)
      assert.equal((await rest).body.code, 401, key)
    }
    assert.equal((await s.post(q('vote'), { entryId: entry.id })).body.ret, 302)
    assert.equal((await s.post(r('vote'), { entryId: entry.id })).body.code, 401)
    assert.equal((await s.post(r('saveActivity'), {})).body.code, 401)

    const detail = await s.get(`${q('voteItemDetail')}&id=${entry.id}`)
    ok(detail)
    assert.equal(detail.body.data.votedToday, false)
    assert.equal(detail.body.data.votesLeftToday, null)
    assert.equal(detail.body.data.activity.id, running.id)
    assert.equal(detail.body.data.activity.phase, 'voting')
    const rest = await s.get(`${r('voteItemDetail')}?id=${entry.id}`)
    assert.equal(rest.body.code, 200)
    assert.deepEqual(rest.body.data, detail.body.data)
  })

  test('saveActivity: operators only, windows in order, the cover their own upload', async () => {
    const base = {
      title: '新活动',
      ...windows(1, 24, 2, 48),
      votesPerDay: 5,
      entryImageMax: 0,
    }
    fails(await s.post(q('saveActivity'), base, { token: me.token }), 403, ActivityText.notOperator)
    fails(await s.post(r('saveActivity'), base, { token: me.token }), 403, ActivityText.notOperator)
    const bad = async (fields: Record<string, unknown>, msg: string) =>
      fails(
        await s.post(q('saveActivity'), { ...base, ...fields }, { token: operator.token }),
        400,
        msg,
        JSON.stringify(fields),
      )
    await bad({ title: '  ' }, ActivityText.titleMissing)
    await bad({ title: '题'.repeat(ActivityLimits.titleMaxChars + 1) }, ActivityText.titleTooLong)
    await bad(
      { summary: '简'.repeat(ActivityLimits.summaryMaxChars + 1) },
      ActivityText.summaryTooLong,
    )
    await bad({ applyEnd: base.applyStart }, ActivityText.applyWindowInvalid)
    await bad({ voteEnd: base.voteStart - 1 }, ActivityText.voteWindowInvalid)
    await bad({ voteStart: base.applyStart - 60 }, ActivityText.voteBeforeApply)
    await bad({ applyEnd: base.voteEnd + 60 }, ActivityText.applyAfterVote)
    await bad({ votesPerDay: 0 }, ActivityText.votesPerDayInvalid)
    await bad({ votesPerDay: 51 }, ActivityText.votesPerDayInvalid)
    await bad({ entryImageMax: 10 }, ActivityText.entryImageMaxInvalid)
    await bad({ applyStart: 'soon' }, ActivityText.timeInvalid)
    await bad({ cover: 'https://example.com/a.png' }, ActivityText.coverInvalid)
    // Someone else's upload is not a cover.
    const theirs = await s.uploadImage(me.token)
    await bad({ cover: theirs }, ActivityText.coverInvalid)
    fails(
      await s.post(q('saveActivity'), { ...base, id: 999999 }, { token: operator.token }),
      404,
      ActivityText.notFound,
    )

    const cover = await s.uploadImage(operator.token)
    const made = await s.post(r('saveActivity'), { ...base, cover }, { token: operator.token })
    assert.equal(made.body.code, 200, JSON.stringify(made.body))
    const a = made.body.data
    assert.equal(a.cover, cover)
    assert.equal(a.phase, 'upcoming')
    assert.equal(a.applyStart, base.applyStart)
    assert.deepEqual([a.applyOpen, a.voteOpen, a.signOpen], [false, false, false])
    assert.deepEqual(a.mine, { entryId: null, votesLeftToday: 0, signedToday: false })
    const [row] = await s.db.select().from(activities).where(eq(activities.id, a.id))
    assert.equal(row.createdBy, operator.id)

    // A change keeps the cover it already has and moves the windows.
    const changed = await s.post(
      q('saveActivity'),
      { ...base, ...windows(-1, 24, 2, 48), id: a.id, title: '改过的活动', cover, votesPerDay: 2 },
      { token: operator.token },
    )
    ok(changed)
    assert.equal(changed.body.data.id, a.id)
    assert.equal(changed.body.data.title, '改过的活动')
    assert.equal(changed.body.data.cover, cover)
    assert.equal(changed.body.data.phase, 'applying')
    assert.equal(changed.body.data.votesPerDay, 2)
    // A seeded cover (not an upload) stays as it is on a change, and '' clears it.
    const [seeded] = await s.db
      .select()
      .from(activities)
      .where(eq(activities.title, ENDED_ACTIVITY_TITLE))
    const keep = await s.post(
      q('saveActivity'),
      {
        id: seeded.id,
        title: seeded.title,
        cover: seeded.cover,
        summary: seeded.summary,
        description: seeded.description,
        rules: seeded.rules,
        applyStart: secs(seeded.applyStart.getTime()),
        applyEnd: secs(seeded.applyEnd.getTime()),
        voteStart: secs(seeded.voteStart.getTime()),
        voteEnd: secs(seeded.voteEnd.getTime()),
        votesPerDay: seeded.votesPerDay,
        entryImageMax: seeded.entryImageMax,
      },
      { token: operator.token },
    )
    ok(keep)
    assert.equal(keep.body.data.cover, seeded.cover)
    assert.equal(keep.body.data.phase, 'ended')
    const cleared = await s.post(
      q('saveActivity'),
      { ...base, id: a.id, cover: '' },
      { token: operator.token },
    )
    ok(cleared)
    assert.equal(cleared.body.data.cover, '')
  })

  test('applying: within the window, once, checked texts, only my own images', async () => {
    const a = await create({ ...windows(1, 24, 2, 48), entryImageMax: 2 })
    fails(await applyTo(me, a.id), 400, ActivityText.applyNotStarted)
    s.clock.advance(HOUR + MINUTE)

    fails(await applyTo(me, a.id, { title: ' ' }), 400, ActivityText.entryTitleMissing)
    fails(
      await applyTo(me, a.id, { title: '长'.repeat(ActivityLimits.entryTitleMaxChars + 1) }),
      400,
      ActivityText.entryTitleTooLong,
    )
    fails(await applyTo(me, a.id, { content: '' }), 400, ActivityText.entryEmpty)
    fails(
      await applyTo(me, a.id, { content: '字'.repeat(ActivityLimits.entryContentMaxChars + 1) }),
      400,
      ActivityText.entryContentTooLong,
    )
    fails(await applyTo(me, a.id, { content: '加我办理假证' }), 400, BLOCKED_TEXT_MESSAGE)
    fails(await applyTo(me, a.id, { title: '六合彩' }), 400, BLOCKED_TEXT_MESSAGE)
    fails(
      await applyTo(me, a.id, { images: ['https://example.com/x.png'] }),
      400,
      ActivityText.imageInvalid,
    )
    const theirs = await s.uploadImage(other.token)
    fails(await applyTo(me, a.id, { images: [theirs] }), 400, ActivityText.imageInvalid)
    const mine = [
      await s.uploadImage(me.token),
      await s.uploadImage(me.token),
      await s.uploadImage(me.token),
    ]
    fails(await applyTo(me, a.id, { images: mine }), 400, '最多上传2张图片')
    fails(await applyTo(me, 999999), 404, ActivityText.notFound)

    // Images only is fine; a repeated image counts once.
    const res = await applyTo(me, a.id, {
      title: ' 读书的样子 ',
      content: '',
      images: [mine[0], mine[1], mine[0]],
    })
    ok(res)
    const entry = res.body.data
    assert.equal(entry.title, '读书的样子')
    assert.deepEqual(entry.images, [mine[0], mine[1]])
    assert.equal(entry.cover, mine[0])
    assert.deepEqual([entry.votes, entry.mine, entry.author.id], [0, true, me.id])
    assert.equal(entry.activity.phase, 'applying')
    fails(await applyTo(me, a.id), 400, ActivityText.alreadyApplied)
    fails(
      await s.post(r('apply'), { activityId: a.id, title: 'x', content: 'y' }, { token: me.token }),
      400,
      ActivityText.alreadyApplied,
    )

    // REST style, images as a form's comma-joined field; my part shows the entry.
    const img = await s.uploadImage(other.token)
    const rest = await s.post(
      r('apply'),
      { activityId: String(a.id), title: '另一篇', content: '内容', images: img },
      { token: other.token, form: true },
    )
    assert.equal(rest.body.code, 200, JSON.stringify(rest.body))
    assert.deepEqual(rest.body.data.images, [img])
    const detail = await s.get(`${q('activityDetail')}&id=${a.id}`, { token: other.token })
    assert.equal(detail.body.data.mine.entryId, rest.body.data.id)
    assert.equal(detail.body.data.entryCount, 2)

    // An activity without images refuses them.
    const textOnly = await create({ entryImageMax: 0 })
    fails(
      await applyTo(me, textOnly.id, { images: [await s.uploadImage(me.token)] }),
      400,
      ActivityText.noImages,
    )

    // After the apply window.
    s.clock.advance(24 * HOUR)
    await freshTokens()
    fails(await applyTo(demo, a.id), 400, ActivityText.applyEnded)
  })

  test('the entry list: ranks by votes with ties, newest first, keyword, paging', async () => {
    await freshTokens()
    const a = await create()
    const people = [me, other, demo, await person(), await person()]
    const ids: number[] = []
    for (const [i, who] of people.entries()) {
      s.clock.advance(MINUTE)
      const res = await applyTo(who, a.id, { title: `作品${i}号`, content: `第${i}篇 内容` })
      ok(res)
      ids.push(res.body.data.id)
    }
    // Votes 5, 3, 3, 0, 7 (set directly: the votes themselves are tested elsewhere).
    for (const [i, votes] of [5, 3, 3, 0, 7].entries()) {
      await s.db.update(activityEntries).set({ votes }).where(eq(activityEntries.id, ids[i]))
    }
    const byVotes = await s.get(`${q('voteItemList')}&activityId=${a.id}`, { token: other.token })
    ok(byVotes)
    const list = byVotes.body.data.list as Listed[]
    assert.deepEqual(
      list.map((e) => [e.id, e.votes, e.rank]),
      [
        [ids[4], 7, 1],
        [ids[0], 5, 2],
        [ids[1], 3, 3],
        [ids[2], 3, 3],
        [ids[3], 0, 5],
      ],
    )
    assert.deepEqual(
      list.map((e) => e.mine),
      [false, false, true, false, false],
    )
    assert.equal(list[0].excerpt, '第4篇 内容')

    const newest = await s.get(`${r('voteItemList')}?activityId=${a.id}&order=new&pageSize=2`)
    assert.equal(newest.body.code, 200)
    assert.equal(newest.body.data.total, 5)
    assert.deepEqual(
      newest.body.data.list.map((e: Listed) => [e.id, e.rank]),
      [
        [ids[4], 1],
        [ids[3], 5],
      ],
    )
    const page2 = await s.get(`${q('voteItemList')}&activityId=${a.id}&order=new&pageSize=2&page=2`)
    assert.deepEqual(
      page2.body.data.list.map((e: Listed) => e.id),
      [ids[2], ids[1]],
    )

    // A keyword keeps the ranks among all entries; it also finds nicknames.
    const found = await s.get(
      `${q('voteItemList')}&activityId=${a.id}&keyword=${encodeURIComponent('2号')}`,
    )
    assert.deepEqual(
      found.body.data.list.map((e: Listed) => [e.id, e.rank]),
      [[ids[2], 3]],
    )
    assert.equal(found.body.data.total, 1)
    const byName = await s.get(
      `${q('voteItemList')}&activityId=${a.id}&keyword=${encodeURIComponent('演示')}`,
    )
    assert.deepEqual(
      byName.body.data.list.map((e: Listed) => e.id),
      [ids[2]],
    )
    const none = await s.get(`${q('voteItemList')}&activityId=${a.id}&keyword=%25`)
    assert.equal(none.body.data.total, 0)
    fails(
      await s.get(`${q('voteItemList')}&activityId=${a.id}&keyword=${'长'.repeat(31)}`),
      400,
      ActivityText.keywordTooLong,
    )
    fails(
      await s.get(`${q('voteItemList')}&activityId=${a.id}&order=hot`),
      400,
      ActivityText.orderInvalid,
    )
    const detail = await s.get(`${q('voteItemDetail')}&id=${ids[2]}`, { token: demo.token })
    assert.equal(detail.body.data.rank, 3)
    assert.equal(detail.body.data.mine, true)
    assert.equal(detail.body.data.content, '第2篇 内容')

    // An account deleted: its entry leaves the list, the ranks and the counts.
    const last = people[4]
    await s.db
      .update(users)
      .set({ deletedAt: new Date(s.clock.now()) })
      .where(eq(users.id, last.id))
    const after = await s.get(`${q('voteItemList')}&activityId=${a.id}`)
    assert.deepEqual(
      after.body.data.list.map((e: Listed) => [e.id, e.rank]),
      [
        [ids[0], 1],
        [ids[1], 2],
        [ids[2], 2],
        [ids[3], 4],
      ],
    )
    fails(await s.get(`${q('voteItemDetail')}&id=${ids[4]}`), 404, ActivityText.entryNotFound)
    const counted = await s.get(`${q('activityDetail')}&id=${a.id}`)
    assert.equal(counted.body.data.entryCount, 4)
    assert.equal(counted.body.data.voteCount, 11)
  })

  test('sign-ins: with an entry, once a China day, from the apply start to the vote end', async () => {
    await freshTokens()
    const a = await create(windows(2, 30, 24, 72))
    fails(
      await s.post(q('sign'), { activityId: a.id }, { token: me.token }),
      400,
      ActivityText.signNotStarted,
    )
    s.clock.advance(2 * HOUR + MINUTE)
    await freshTokens()
    fails(
      await s.post(q('sign'), { activityId: a.id }, { token: me.token }),
      400,
      ActivityText.notApplied,
    )
    const none = await s.get(`${q('mySign')}&activityId=${a.id}`, { token: me.token })
    ok(none)
    assert.deepEqual(
      { ...none.body.data, today: undefined },
      {
        activityId: a.id,
        entry: null,
        days: [],
        today: undefined,
        signedToday: false,
        total: 0,
        signOpen: true,
      },
    )
    ok(await applyTo(me, a.id))
    const first = await s.post(q('sign'), { activityId: a.id }, { token: me.token })
    ok(first)
    const today = chinaDay(s.clock.now())
    assert.equal(first.body.msg, '签到成功')
    assert.deepEqual(first.body.data.days, [today])
    assert.equal(first.body.data.today, today)
    assert.equal(first.body.data.signedToday, true)
    assert.equal(first.body.data.entry.title, '我的作品')
    fails(
      await s.post(r('sign'), { activityId: a.id }, { token: me.token }),
      400,
      ActivityText.alreadySigned,
    )
    const detail = await s.get(`${q('activityDetail')}&id=${a.id}`, { token: me.token })
    assert.equal(detail.body.data.mine.signedToday, true)

    s.clock.advance(DAY)
    await freshTokens()
    const second = await s.post(r('sign'), { activityId: a.id }, { token: me.token })
    assert.equal(second.body.code, 200, JSON.stringify(second.body))
    const mine = await s.get(`${r('mySign')}?activityId=${a.id}`, { token: me.token })
    assert.equal(mine.body.code, 200)
    assert.deepEqual(mine.body.data.days, [today, chinaDay(s.clock.now())])
    assert.equal(mine.body.data.total, 2)

    s.clock.advance(3 * DAY)
    await freshTokens()
    fails(
      await s.post(q('sign'), { activityId: a.id }, { token: me.token }),
      400,
      ActivityText.signEnded,
    )
    const closed = await s.get(`${q('mySign')}&activityId=${a.id}`, { token: me.token })
    assert.equal(closed.body.data.signOpen, false)
    assert.equal(closed.body.data.signedToday, false)
    fails(
      await s.get(`${q('mySign')}&activityId=999999`, { token: me.token }),
      404,
      ActivityText.notFound,
    )
  })

  test('a share counts once per viewer per hour and answers the card', async () => {
    await freshTokens()
    const a = await create()
    const made = await applyTo(other, a.id, { title: '分享我' })
    ok(made)
    const id = made.body.data.id
    const first = await s.get(`${q('voteItemShare')}&id=${id}`, { token: me.token })
    ok(first)
    assert.deepEqual(first.body.data, {
      title: '「分享我」正在参加「测试活动」，快来投票吧',
      image: '',
      path: `/pagesB/activity/detail?id=${id}`,
      shares: 1,
      counted: true,
    })
    const again = await s.post(r('voteItemShare'), { id }, { token: me.token })
    assert.equal(again.body.code, 200)
    assert.deepEqual([again.body.data.shares, again.body.data.counted], [1, false])
    // A guest is a viewer of their own.
    const guest = await s.get(`${q('voteItemShare')}&id=${id}`)
    assert.deepEqual([guest.body.data.shares, guest.body.data.counted], [2, true])
    s.clock.advance(HOUR)
    await freshTokens()
    const later = await s.get(`${q('voteItemShare')}&id=${id}`, { token: me.token })
    assert.deepEqual([later.body.data.shares, later.body.data.counted], [3, true])
    const detail = await s.get(`${q('voteItemDetail')}&id=${id}`)
    assert.equal(detail.body.data.shares, 3)
    fails(await s.get(`${q('voteItemShare')}&id=999999`), 404, ActivityText.entryNotFound)
  })

  test("the upload sweep keeps activities' covers and entries' images", async () => {
    await freshTokens()
    const cover = await s.uploadImage(operator.token)
    const a = await create({ cover })
    const image = await s.uploadImage(me.token)
    const unused = await s.uploadImage(me.token)
    ok(await applyTo(me, a.id, { images: [image] }))
    s.clock.advance(DAY + MINUTE)
    const dir = path.join(s.dir, 'uploads')
    await sweepUnreferencedUploads({ db: s.db, clock: s.clock, storage: new DiskStorage(dir) })
    const stored = (url: string) => fs.existsSync(path.join(dir, url.replace('/uploads/', '')))
    assert.ok(stored(cover))
    assert.ok(stored(image))
    assert.equal(stored(unused), false)
  })
})
