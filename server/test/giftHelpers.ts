/** What the gift suites share: readers who are friends, copies, calls by key, a chat listener. */
import { asc, eq } from 'drizzle-orm'
import type { ChatMessage } from '@api/chat'
import type { ServerFrame } from '@api/chatFrames'
import { giftsApi } from '@api/gifts'
import { blocks, bookCopies, books } from '../src/db/schema'
import { befriend } from '../src/modules/friends/relations'
import { giveCopies } from '../src/modules/shop/rows'
import { ChatClient } from './chatClient'
import { wsUrl } from './chatHelpers'
import { queryPath, restPath, type TestServer } from './helpers'
import type { Reader } from './shopHelpers'

export type GiftCall = keyof typeof giftsApi
export const r = (key: GiftCall): string => restPath(giftsApi[key])
export const q = (key: GiftCall): string => queryPath(giftsApi[key])

export async function makeFriends(s: TestServer, a: Reader, b: Reader): Promise<void> {
  await befriend(s.db, a.id, b.id, new Date(s.clock.now()))
}

export async function block(s: TestServer, blocker: Reader, blocked: Reader): Promise<void> {
  await s.db
    .insert(blocks)
    .values({ blockerId: blocker.id, blockedId: blocked.id, createdAt: new Date(s.clock.now()) })
}

export async function unblock(s: TestServer, blocker: Reader): Promise<void> {
  await s.db.delete(blocks).where(eq(blocks.blockerId, blocker.id))
}

/** The seeded books, first ones first. */
export async function bookIds(s: TestServer, n: number): Promise<number[]> {
  const rows = await s.db.select({ id: books.id }).from(books).orderBy(asc(books.id)).limit(n)
  return rows.map((row) => row.id)
}

/** `count` copies of `bookId` given to `who` (as a paid order would). */
export async function copies(
  s: TestServer,
  who: Reader,
  bookId: number,
  count = 1,
): Promise<number[]> {
  return giveCopies(s.db, {
    ownerUserId: who.id,
    bookId,
    count,
    at: new Date(s.clock.now()),
  })
}

export async function copyRow(s: TestServer, id: number) {
  const [row] = await s.db
    .select({ owner: bookCopies.ownerUserId, state: bookCopies.state })
    .from(bookCopies)
    .where(eq(bookCopies.id, id))
  return row
}

/** A gateway connection that keeps every push. */
export class Listener {
  readonly pushes: ServerFrame[] = []
  private waiters: Array<() => void> = []
  private constructor(readonly client: ChatClient) {}

  static async open(s: TestServer, who: Reader): Promise<Listener> {
    let self: Listener | null = null
    const client = new ChatClient({
      url: wsUrl(s),
      token: who.token,
      reconnect: false,
      onPush: (frame) => {
        self?.pushes.push(frame)
        for (const wake of self?.waiters.splice(0) ?? []) wake()
      },
    })
    self = new Listener(client)
    await client.connect()
    return self
  }

  /** The first push of `op` about `messageID` (waits up to 5 s). */
  async waitFor(op: 'message' | 'modified', messageID: string): Promise<ChatMessage> {
    const deadline = Date.now() + 5000
    for (;;) {
      for (const f of this.pushes) {
        if (
          (f.op === 'message' || f.op === 'modified') &&
          f.op === op &&
          f.message.ID === messageID
        )
          return f.message
      }
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`no ${op} push for ${messageID}`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
  }

  close(): void {
    this.client.close()
  }
}

/** The card's data (payload.data parsed). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const cardData = (message: { payload: Record<string, unknown> }): any =>
  JSON.parse(String(message.payload.data))
