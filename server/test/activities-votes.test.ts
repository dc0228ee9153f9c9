/**
 * Votes in activities (issue 16): the vote window, never one's own entry, one vote per entry per
 * China day, at most votesPerDay a day in an activity (a new China day gives them back), and exact
 * counts under concurrency: 200 readers voting at once for one entry are all counted, and one
 * reader's concurrent votes past the daily limit count exactly the limit.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, count, eq } from 'drizzle-orm'
import { ActivityText, chinaDay } from '@rules/activities'
import { CHINA_OFFSET_MS } from '@rules/chinaTime'
import { activityEntries, activityVotes, users } from '../src/db/schema'
import { issueTokens } from '../src/modules/account/tokens'
import { DEMO_OPERATOR } from '../seed/users'
import { DAY, DEMO_PASSWORD, HOUR, MINUTE, startServer, type TestServer } from './helpers'
import { fails, ok, q, r, secs, type Reader } from './activitiesHelpers'

describe('activity votes', () => {
  let s: TestServer
  let operator: string

  /** `n` readers made directly in the database, each with a session. */
  async function readers(n: number): Promise<Reader[]> {
    const now = new Date(s.clock.now())
    const rows = await s.db
      .insert(users)
      .values(
        Array.from({ length: n }, (_, i) => ({
          nickname: `投票者${i}`,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: users.id })
    const out: Reader[] = []
    for (const row of rows) {
      const tokens = await issueTokens(s.db, row.id, s.clock.now())
      out.push({ id: row.id, token: tokens.accessToken })
    }
    return out
  }

  /** New sessions for `people` (after the clock moved past the access tokens' life). */
  async function refresh(people: Reader[]): Promise<void> {
    for (const who of people)
      who.token = (await issueTokens(s.db, who.id, s.clock.now())).accessToken
    operator = (await s.login(DEMO_OPERATOR.mobile, DEMO_PASSWORD)).access_token
  }

  /** An activity with the windows in hours from now. */
  async function activity(
    hours: [number, number, number, number],
    votesPerDay: number,
  ): Promise<number> {
    const now = s.clock.now()
    const [applyStart, applyEnd, voteStart, voteEnd] = hours.map((h) => secs(now + h * HOUR))
    const res = await s.post(
      r('saveActivity'),
      {
        title: '投票活动',
        applyStart,
        applyEnd,
        voteStart,
        voteEnd,
        votesPerDay,
        entryImageMax: 0,
      },
      { token: operator },
    )
    ok(res, 'saveActivity')
    return res.body.data.id
  }

  async function entries(activityId: number, authors: Reader[]): Promise<number[]> {
    const ids: number[] = []
    for (const [i, who] of authors.entries()) {
      const res = await s.post(
        q('apply'),
        { activityId, title: `作品${i}`, content: '内容' },
        { token: who.token },
      )
      ok(res, 'apply')
      ids.push(res.body.data.id)
    }
    return ids
  }

  const vote = (who: Reader, entryId: number, rest = false) =>
    rest
      ? s.post(r('vote'), { entryId }, { token: who.token })
      : s.post(q('vote'), { entryId }, { token: who.token })

  const votesOf = async (entryId: number): Promise<number> => {
    const [row] = await s.db
      .select({ votes: activityEntries.votes })
      .from(activityEntries)
      .where(eq(activityEntries.id, entryId))
    return row.votes
  }

  before(async () => {
    s = await startServer()
    // Start the day at 10:00 China time, so a few hours never cross a China day.
    const dayStart = Math.floor((s.clock.now() + CHINA_OFFSET_MS) / DAY) * DAY - CHINA_OFFSET_MS
    s.clock.t = dayStart + DAY + 10 * HOUR
    operator = (await s.login(DEMO_OPERATOR.mobile, DEMO_PASSWORD)).access_token
  })
  after(() => s.close())

  test('the window, never my own, once per entry a day, votesPerDay a day', async () => {
    const people = await readers(6)
    const [voter, ...authors] = people
    const id = await activity([-1, 3, 2, 30], 3)
    const ids = await entries(id, authors)

    fails(await vote(voter, ids[0]), 400, ActivityText.voteNotStarted)
    s.clock.advance(2 * HOUR + MINUTE)
    await refresh(people)
    fails(await vote(authors[0], ids[0]), 400, ActivityText.ownEntry)
    fails(await vote(voter, 999999), 404, ActivityText.entryNotFound)

    const first = await vote(voter, ids[0])
    ok(first)
    assert.equal(first.body.msg, '投票成功')
    assert.deepEqual(first.body.data, { entryId: ids[0], votes: 1, votesLeftToday: 2 })
    fails(await vote(voter, ids[0], true), 400, ActivityText.votedToday)

    const detail = await s.get(`${q('voteItemDetail')}&id=${ids[0]}`, { token: voter.token })
    assert.deepEqual(
      [detail.body.data.votes, detail.body.data.votedToday, detail.body.data.votesLeftToday],
      [1, true, 2],
    )
    assert.equal(detail.body.data.rank, 1)
    const other = await s.get(`${r('voteItemDetail')}?id=${ids[1]}`, { token: voter.token })
    assert.deepEqual([other.body.data.votedToday, other.body.data.votesLeftToday], [false, 2])

    const second = await vote(voter, ids[1], true)
    assert.equal(second.body.code, 200)
    assert.deepEqual(second.body.data, { entryId: ids[1], votes: 1, votesLeftToday: 1 })
    ok(await vote(voter, ids[2]))
    fails(await vote(voter, ids[3]), 400, ActivityText.noVotesLeft)
    const mine = await s.get(`${q('activityDetail')}&id=${id}`, { token: voter.token })
    assert.equal(mine.body.data.mine.votesLeftToday, 0)
    assert.equal(mine.body.data.voteCount, 3)

    // A new China day gives the votes back; the same entry may be voted for again.
    s.clock.advance(DAY - 2 * HOUR)
    await refresh(people)
    const today = chinaDay(s.clock.now())
    const again = await vote(voter, ids[0])
    ok(again)
    assert.deepEqual(again.body.data, { entryId: ids[0], votes: 2, votesLeftToday: 2 })
    const [cast] = await s.db
      .select({ n: count() })
      .from(activityVotes)
      .where(and(eq(activityVotes.userId, voter.id), eq(activityVotes.day, today)))
    assert.equal(cast.n, 1)

    // After the vote window.
    s.clock.advance(8 * HOUR)
    await refresh(people)
    fails(await vote(voter, ids[3]), 400, ActivityText.voteEnded)
    const ended = await s.get(`${q('activityDetail')}&id=${id}`, { token: voter.token })
    assert.equal(ended.body.data.phase, 'ended')
    assert.equal(ended.body.data.mine.votesLeftToday, 0)
  })

  test('200 readers voting at once for one entry are all counted', async () => {
    const [author, ...voters] = await readers(201)
    await refresh([])
    const id = await activity([-1, 2, -1, 4], 1)
    const [entryId] = await entries(id, [author])
    const results = await Promise.all(voters.map((who, i) => vote(who, entryId, i % 2 === 1)))
    for (const res of results) ok(res)
    assert.equal(await votesOf(entryId), 200)
    const [rows] = await s.db
      .select({ n: count() })
      .from(activityVotes)
      .where(eq(activityVotes.entryId, entryId))
    assert.equal(rows.n, 200)
    const counts = results.map((res) => res.body.data.votes).sort((a, b) => a - b)
    assert.deepEqual(
      counts,
      Array.from({ length: 200 }, (_, i) => i + 1),
    )
    const list = await s.get(`${q('voteItemList')}&activityId=${id}`)
    assert.equal(list.body.data.list[0].votes, 200)
  })

  test("one reader's concurrent votes past the limit count exactly the limit", async () => {
    const people = await readers(13)
    const [voter, ...authors] = people
    await refresh([])
    const id = await activity([-1, 2, -1, 4], 5)
    const ids = await entries(id, authors)
    // Twelve entries at once, with 5 votes a day: exactly 5 count.
    const results = await Promise.all(ids.map((entryId, i) => vote(voter, entryId, i % 2 === 0)))
    const passed = results.filter((res) => (res.body.ret ?? res.body.code) === 200)
    assert.equal(passed.length, 5)
    for (const res of results) {
      if ((res.body.ret ?? res.body.code) !== 200) fails(res, 400, ActivityText.noVotesLeft)
    }
    const [cast] = await s.db
      .select({ n: count() })
      .from(activityVotes)
      .where(and(eq(activityVotes.activityId, id), eq(activityVotes.userId, voter.id)))
    assert.equal(cast.n, 5)
    let total = 0
    for (const entryId of ids) total += await votesOf(entryId)
    assert.equal(total, 5)
    assert.deepEqual(passed.map((res) => res.body.data.votesLeftToday).sort(), [0, 1, 2, 3, 4])

    // The same entry many times at once by another reader: one vote.
    const [second] = await readers(1)
    const same = await Promise.all(Array.from({ length: 10 }, () => vote(second, ids[0])))
    assert.equal(same.filter((res) => res.body.ret === 200).length, 1)
    for (const res of same) {
      if (res.body.ret !== 200) fails(res, 400, ActivityText.votedToday)
    }
    assert.equal(
      await votesOf(ids[0]),
      passed.some((res) => res.body.data.entryId === ids[0]) ? 2 : 1,
    )
  })
})
