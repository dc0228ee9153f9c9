/**
 * Notices to agents (User.Mer_Notice.*): operators send one to every agent or to one, the system
 * sends one on an approval or a settled withdrawal; reading the detail marks it read.
 */
import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm'
import type { Notice, SendNoticeReq } from '@api/agent'
import type { Page } from '@api/envelope'
import { AgentLimits, AgentText } from '@rules/agent'
import { clipText, textLength } from '@rules/validate'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { agentNoticeReads, agentNotices, agents } from '../../db/schema'
import { inTx } from '../../db/tx'
import type { Caller } from '../../http/auth'
import { badRequest, notFound } from '../../http/errors'
import { pageOf, type Paging } from '../../http/paging'
import { requireAgent, requireOperator } from './access'
import { seconds } from './rows'

/** Lists show the first characters of a notice. */
export const NOTICE_PREVIEW_CHARS = 60

/** Notices that reach `userId`: to every agent, or to them. */
const toMe = (userId: number) =>
  or(isNull(agentNotices.agentUserId), eq(agentNotices.agentUserId, userId))

/** Qualified by hand: in a one-table select drizzle writes its columns unqualified. */
const noticeId = sql`${agentNotices}.${sql.identifier(agentNotices.id.name)}`

const readBy = (userId: number) =>
  sql<boolean>`exists (select 1 from ${agentNoticeReads} r
    where r.notice_id = ${noticeId} and r.user_id = ${userId})`

const noticeColumns = (userId: number) => ({
  id: agentNotices.id,
  title: agentNotices.title,
  content: agentNotices.content,
  read: readBy(userId),
  createdAt: agentNotices.createdAt,
})

interface NoticeRow {
  id: number
  title: string
  content: string
  read: boolean
  createdAt: Date
}

const toNotice = (row: NoticeRow, preview: boolean): Notice => ({
  id: row.id,
  title: row.title,
  content: preview ? clipText(row.content, NOTICE_PREVIEW_CHARS) : row.content,
  read: Boolean(row.read),
  createdAt: seconds(row.createdAt),
})

/** Adds a notice (inside the caller's transaction); `agentUserId` null: to every agent. */
export async function addNotice(
  tx: Db,
  values: {
    agentUserId: number | null
    title: string
    content: string
    operatorId: number
    at: Date
  },
): Promise<number> {
  const [row] = await tx
    .insert(agentNotices)
    .values({
      agentUserId: values.agentUserId,
      title: values.title,
      content: values.content,
      operatorId: values.operatorId,
      createdAt: values.at,
    })
    .returning({ id: agentNotices.id })
  return row.id
}

/** How many notices to me I have not opened. */
export async function unreadNotices(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(agentNotices)
    .where(and(toMe(userId), sql`not ${readBy(userId)}`))
  return row.n
}

export async function noticeList(
  app: AppContext,
  caller: Caller,
  at: Paging,
): Promise<Page<Notice>> {
  await requireAgent(app.db, caller.userId)
  const where = toMe(caller.userId)
  const [rows, [total]] = await Promise.all([
    app.db
      .select(noticeColumns(caller.userId))
      .from(agentNotices)
      .where(where)
      .orderBy(desc(agentNotices.createdAt), desc(agentNotices.id))
      .limit(at.pageSize)
      .offset(at.offset),
    app.db.select({ n: count() }).from(agentNotices).where(where),
  ])
  return pageOf(
    rows.map((row) => toNotice(row, true)),
    total.n,
    at,
  )
}

/** A notice in full; opening it marks it read. */
export async function noticeDetail(app: AppContext, caller: Caller, id: number): Promise<Notice> {
  return inTx(app.db, async (tx) => {
    await requireAgent(tx, caller.userId)
    const [row] = await tx
      .select(noticeColumns(caller.userId))
      .from(agentNotices)
      .where(and(eq(agentNotices.id, id), toMe(caller.userId)))
    if (!row) throw notFound(AgentText.noticeNotFound)
    await tx
      .insert(agentNoticeReads)
      .values({ noticeId: id, userId: caller.userId, readAt: new Date(app.clock.now()) })
      .onConflictDoNothing()
    return toNotice({ ...row, read: true }, false)
  })
}

function checkNotice(input: SendNoticeReq): { title: string; content: string } {
  const title = input.title.trim()
  const content = input.content.trim()
  if (!title) throw badRequest(AgentText.noticeTitleMissing)
  if (textLength(title) > AgentLimits.noticeTitleMaxChars)
    throw badRequest(AgentText.noticeTitleTooLong)
  if (!content) throw badRequest(AgentText.noticeContentMissing)
  if (textLength(content) > AgentLimits.noticeContentMaxChars)
    throw badRequest(AgentText.noticeContentTooLong)
  return { title, content }
}

/** Operators: a notice to every agent, or to one. */
export async function sendNotice(
  app: AppContext,
  caller: Caller,
  input: SendNoticeReq,
): Promise<{ id: number }> {
  return inTx(app.db, async (tx) => {
    await requireOperator(tx, caller.userId)
    const { title, content } = checkNotice(input)
    const to = input.userId ?? null
    if (to !== null) {
      const [agent] = await tx
        .select({ userId: agents.userId })
        .from(agents)
        .where(eq(agents.userId, to))
      if (!agent) throw notFound(AgentText.agentNotFound)
    }
    const at = new Date(app.clock.now())
    return {
      id: await addNotice(tx, { agentUserId: to, title, content, operatorId: caller.userId, at }),
    }
  })
}
