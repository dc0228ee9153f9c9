import { eq } from 'drizzle-orm'
import type { SpecialDetail } from '@api/common'
import { unixSeconds } from '../../clock'
import type { Db } from '../../db/client'
import { specialPages } from '../../db/schema'
import { notFound } from '../../http/errors'
import { sanitizeRichText } from '../../http/sanitizeHtml'

export async function findSpecialPage(db: Db, id: string): Promise<SpecialDetail | null> {
  const rows = await db.select().from(specialPages).where(eq(specialPages.id, id))
  const page = rows[0]
  if (!page) return null
  return {
    id: page.id,
    title: page.title,
    content: sanitizeRichText(page.content),
    updated_at: unixSeconds(page.updatedAt.getTime()),
  }
}

export async function specialDetail(db: Db, id: string): Promise<SpecialDetail> {
  const page = /^[a-z_]{1,32}$/.test(id) ? await findSpecialPage(db, id) : null
  if (!page) throw notFound('页面不存在')
  return page
}
