/**
 * Chat files no message refers to, swept a day after their upload like the other uploads
 * (modules/common/uploadSweep.ts runs this).
 */
import { and, lt, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { chatFiles, chatMessages } from '../db/schema'
import type { FileStorage } from '../services/storage'
import { CHAT_FILE_URL_PREFIX, storedName } from './fileNames'

const BATCH = 500

/** A chat file's name in a URL of ours, as fileNames.ts's isChatFileName accepts it. */
const NAME_IN_URL = `${CHAT_FILE_URL_PREFIX}([a-f0-9]{32}\\.[a-z0-9]{1,8})`

/**
 * The names of the chat files some message refers to: any URL of ours anywhere in its payload
 * (file, image, sound and video messages, or a link in a text), recalled and deleted ones too.
 */
const referencedNames = sql`(
  select (regexp_matches(${chatMessages.payload}::text, ${NAME_IN_URL}, 'g'))[1]
  from ${chatMessages}
  where ${chatMessages.payload}::text like ${`%${CHAT_FILE_URL_PREFIX}%`}
)`

const unreferenced: SQL = sql`${chatFiles.name} not in ${referencedNames}`

/**
 * Deletes the chat files uploaded before `cutoff` that no message refers to: the row, then the
 * file. A send checks that the file's row exists (payload.ts): only a send of a day-old, unsent
 * file racing this very statement could still refer to one swept. Answers how many went.
 */
export async function sweepUnreferencedChatFiles(
  db: Db,
  storage: FileStorage,
  cutoff: Date,
  log?: (msg: string, err?: unknown) => void,
): Promise<number> {
  let removed = 0
  for (;;) {
    // One statement: the reference is checked again as the rows go.
    const rows = await db
      .delete(chatFiles)
      .where(
        sql`${chatFiles.id} in (select ${chatFiles.id} from ${chatFiles} where ${and(
          lt(chatFiles.createdAt, cutoff),
          unreferenced,
        )} order by ${chatFiles.id} limit ${BATCH})`,
      )
      .returning({ name: chatFiles.name })
    for (const { name } of rows) {
      try {
        await storage.remove(storedName(name))
      } catch (err) {
        log?.(`could not remove chat file ${name}`, err)
      }
    }
    removed += rows.length
    if (rows.length < BATCH) return removed
  }
}
