/**
 * Benchmark of a reading group of 2,000 members (issue 12's quality bar). Run with
 * `npm run bench:groups` after `npm run build:h5`:
 *  1. a fresh embedded database, migrated and seeded, plus a group of 2,000 members owned by the
 *     demo reader (演示读者) with 300 messages in its chat, written straight into the tables;
 *  2. the server on a free port, serving the built H5 app (the local chat engine over its gateway);
 *  3. Chromium signs in as 演示读者 and opens the group's chat page RUNS times, measuring from
 *     navigation start until the newest message is on screen and counting the member-list calls
 *     the page made (there must be none: the chat does not load its members); then the member
 *     page: time to its first 15 rows, and the next page on scrolling.
 * Fails when a median is over BENCH_MAX_MS (default 3000) or the chat page loads any member.
 */
import { eq } from 'drizzle-orm'
import type { Browser } from 'playwright-core'
import type { Db } from '../src/db/client'
import {
  chatConversations,
  chatMembers,
  chatMessages,
  groupMembers,
  readingGroups,
  users,
} from '../src/db/schema'
import { benchMain, runH5Bench, signInDemo } from './h5Bench'

const MEMBERS = 2_000
const MESSAGES = 300
const RUNS = Number(process.env.BENCH_RUNS) || 3
const MAX_MS = Number(process.env.BENCH_MAX_MS) || 3000
const MEMBER_CALL = 'findGroupMemberList'

async function prepare(db: Db): Promise<{ groupId: number }> {
  const [demo] = await db.select().from(users).where(eq(users.mobile, '13800000000'))
  const now = Date.now()
  const start = now - MESSAGES * 60_000
  const memberIds = [demo.id]
  for (let from = 0; from < MEMBERS - 1; from += 500) {
    const rows = Array.from({ length: Math.min(500, MEMBERS - 1 - from) }, (_, i) => ({
      mobile: `1770000${String(from + i).padStart(4, '0')}`,
      nickname: `群友${from + i + 1}`,
      createdAt: new Date(start),
      updatedAt: new Date(start),
    }))
    const inserted = await db.insert(users).values(rows).returning({ id: users.id })
    memberIds.push(...inserted.map((r) => r.id))
  }
  const [conversation] = await db
    .insert(chatConversations)
    .values({
      key: 'group:pending',
      type: 'GROUP',
      lastSeq: MESSAGES,
      lastAt: new Date(now),
      createdAt: new Date(start),
    })
    .returning()
  const [group] = await db
    .insert(readingGroups)
    .values({
      name: '两千人读书会',
      ownerId: demo.id,
      joinMode: 'approval',
      memberCount: MEMBERS,
      conversationId: conversation.id,
      createdAt: new Date(start),
      updatedAt: new Date(start),
    })
    .returning()
  await db
    .update(chatConversations)
    .set({ key: `group:${group.id}` })
    .where(eq(chatConversations.id, conversation.id))
  for (let from = 0; from < MEMBERS; from += 500) {
    const ids = memberIds.slice(from, from + 500)
    await db.insert(groupMembers).values(
      ids.map((userId, i) => ({
        groupId: group.id,
        userId,
        role: userId === demo.id ? ('owner' as const) : ('member' as const),
        joinedAt: new Date(start + (from + i) * 1000),
      })),
    )
    await db
      .insert(chatMembers)
      .values(ids.map((userId) => ({ conversationId: conversation.id, userId, readSeq: MESSAGES })))
  }
  const messages = Array.from({ length: MESSAGES }, (_, i) => {
    const seq = i + 1
    const sender = memberIds[seq % 50]
    return {
      conversationId: conversation.id,
      seq,
      clientId: `${sender}-groupbench${seq}`,
      senderId: sender,
      type: 'TIMTextElem',
      payload: { text: `第${seq}条：今天读到哪里了？` },
      createdAt: new Date(start + seq * 60_000),
    }
  })
  await db.insert(chatMessages).values(messages)
  return { groupId: group.id }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

async function measure(
  { base, browser }: { base: string; browser: Browser },
  { groupId }: { groupId: number },
): Promise<void> {
  const newest = `第${MESSAGES}条：今天读到哪里了？`
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const login = await context.newPage()
  await signInDemo(login, base)
  await login.close()

  const chatTimes: number[] = []
  let memberCalls = 0
  for (let run = 0; run < RUNS; run++) {
    const page = await context.newPage()
    page.on('request', (req) => {
      if (req.url().includes(MEMBER_CALL)) memberCalls++
    })
    if (process.env.BENCH_TRACE) {
      page.on('requestfinished', (req) => {
        const t = req.timing()
        if (req.url().includes('/api/')) {
          console.log(`${Math.round(t.startTime)} +${Math.round(t.responseEnd)} ${req.url()}`)
        }
      })
    }
    await page.goto(`${base}/TUIKit/components/TUIChat/index?conversationID=GROUP${groupId}`, {
      waitUntil: 'commit',
    })
    await page.getByText(newest).waitFor({ state: 'visible', timeout: 30_000 })
    chatTimes.push(await page.evaluate(() => performance.now()))
    await page.close()
  }

  const memberTimes: number[] = []
  let firstRows = 0
  let afterScroll = 0
  for (let run = 0; run < RUNS; run++) {
    const page = await context.newPage()
    await page.goto(`${base}/pagesA/friend/groupMember?id=${groupId}`, { waitUntil: 'commit' })
    await page.getByText('群友1', { exact: true }).first().waitFor({ timeout: 30_000 })
    memberTimes.push(await page.evaluate(() => performance.now()))
    if (run === RUNS - 1) {
      const rows = page.locator('[data-testid^="member-row-"]')
      firstRows = await rows.count()
      // The page element scrolls (Taro's H5 router), not the window.
      const scrollDown = () =>
        page
          .locator('.taro_page:visible')
          .last()
          .evaluate((el: { scrollTo: (x: number, y: number) => void; scrollHeight: number }) =>
            el.scrollTo(0, el.scrollHeight),
          )
      const deadline = Date.now() + 10_000
      while ((await rows.count()) <= firstRows && Date.now() < deadline) {
        await scrollDown()
        await page.waitForTimeout(100)
      }
      afterScroll = await rows.count()
    }
    await page.close()
  }
  await context.close()

  const chatMedian = median(chatTimes)
  const memberMedian = median(memberTimes)
  console.log(
    `group of ${MEMBERS.toLocaleString('en')} members: chat page newest message on screen in ` +
      `median ${Math.round(chatMedian)} ms over ${RUNS} runs with ${memberCalls} member-list ` +
      `calls; member page first ${firstRows} rows in median ${Math.round(memberMedian)} ms, ` +
      `${afterScroll} after scrolling`,
  )
  if (memberCalls > 0) throw new Error(`the chat page loaded members (${memberCalls} calls)`)
  if (chatMedian > MAX_MS) throw new Error(`chat median ${Math.round(chatMedian)} ms > ${MAX_MS}`)
  if (memberMedian > MAX_MS) {
    throw new Error(`member page median ${Math.round(memberMedian)} ms > ${MAX_MS}`)
  }
  if (firstRows === 0 || firstRows > 15) throw new Error(`member page showed ${firstRows} rows`)
  if (afterScroll <= firstRows) throw new Error('the member page did not load its next page')
}

benchMain(() => runH5Bench('groups', { prepare, measure }))
