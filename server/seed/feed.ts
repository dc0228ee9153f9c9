import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../src/db/client'
import { comments, postLikes, posts, users } from '../src/db/schema'
import { notify } from '../src/modules/social/relations'

const HOUR_MS = 60 * 60 * 1000

type Who = 'demo' | 'lin'

const READERS: Record<string, Who> = { '13800000000': 'demo', '13800000001': 'lin' }

/** Reading reports about the seeded classics, oldest first; `hoursAgo` is relative to `now`. */
const POSTS: Array<{ by: Who; hoursAgo: number; content: string }> = [
  {
    by: 'demo',
    hoursAgo: 80,
    content:
      '重读《论语·学而》。“学而时习之，不亦说乎”，以前只当是勤学的劝勉，这次读出了另一层意思：' +
      '学到的东西要在日常里一再去用，用得上了，心里自然欢喜。打算每天抄一章，慢慢读完。',
  },
  {
    by: 'lin',
    hoursAgo: 62,
    content:
      '《唐诗三百首》读到王维的《山居秋暝》：“明月松间照，清泉石上流。”十个字就是一幅画，' +
      '静里有动，动里又是静。睡前读几首唐诗，比刷手机舒服多了。',
  },
  {
    by: 'demo',
    hoursAgo: 45,
    content:
      '陪孩子听完了《弟子规》的音频。“父母呼，应勿缓”，说起来容易，做起来难，先从自己做起。' +
      '一章只有几分钟，适合早上出门前听一遍。',
  },
  {
    by: 'lin',
    hoursAgo: 20,
    content:
      '《诗经·蒹葭》：“所谓伊人，在水一方。”反复吟诵，越读越觉得那种可望而不可即的心情，' +
      '古今都一样。大家最喜欢《诗经》里的哪一篇？',
  },
  {
    by: 'demo',
    hoursAgo: 5,
    content:
      '《古文观止》里的《陋室铭》百读不厌：“斯是陋室，惟吾德馨。”住的地方小一点不要紧，' +
      '有书可读，有友可谈，就很好。',
  },
]

/** Likes: who likes which post (index into POSTS), hours after the post. */
const LIKES: Array<{ by: Who; post: number; after: number }> = [
  { by: 'lin', post: 0, after: 2 },
  { by: 'demo', post: 1, after: 3 },
  { by: 'lin', post: 2, after: 1 },
  { by: 'demo', post: 3, after: 4 },
  { by: 'lin', post: 4, after: 1 },
]

/** Comments in order; `replyTo` is the index of an earlier comment in this list. */
const COMMENTS: Array<{ by: Who; post: number; after: number; content: string; replyTo?: number }> =
  [
    { by: 'lin', post: 0, after: 3, content: '“温故而知新”也是这个道理，一起坚持！' },
    { by: 'demo', post: 0, after: 5, content: '好，每天打卡一章，互相监督。', replyTo: 0 },
    { by: 'demo', post: 3, after: 5, content: '我最喜欢《小雅·采薇》：“昔我往矣，杨柳依依。”' },
    { by: 'lin', post: 3, after: 6, content: '这句也是我的心头好。', replyTo: 2 },
    { by: 'lin', post: 4, after: 2, content: '“何陋之有”，说得真好。' },
  ]

/**
 * A few reading reports by the two demo readers (seeded by users.ts), with likes, comments and a
 * reply between them over the last days, and the notifications the feed's rules would have made
 * (so the messages centre has content). Without both demo readers it does nothing.
 */
export async function seedFeed(tx: Db, now: number): Promise<void> {
  const found = await tx
    .select({ id: users.id, mobile: users.mobile })
    .from(users)
    .where(and(inArray(users.mobile, Object.keys(READERS)), isNull(users.deletedAt)))
  const id: Partial<Record<Who, number>> = {}
  for (const row of found) id[READERS[row.mobile ?? '']] = row.id
  const { demo, lin } = id
  if (demo === undefined || lin === undefined) return
  const userOf = (who: Who): number => (who === 'demo' ? demo : lin)

  const postRows: Array<{ id: number; userId: number; at: number }> = []
  for (const post of POSTS) {
    const at = now - post.hoursAgo * HOUR_MS
    const [row] = await tx
      .insert(posts)
      .values({ userId: userOf(post.by), content: post.content, createdAt: new Date(at) })
      .returning({ id: posts.id })
    postRows.push({ id: row.id, userId: userOf(post.by), at })
  }

  for (const like of LIKES) {
    const post = postRows[like.post]
    const at = new Date(Math.min(now, post.at + like.after * HOUR_MS))
    const liker = userOf(like.by)
    await tx.insert(postLikes).values({ postId: post.id, userId: liker, createdAt: at })
    await tx
      .update(posts)
      .set({ likeCount: sql`${posts.likeCount} + 1` })
      .where(eq(posts.id, post.id))
    await notify(tx, { userId: post.userId, kind: 'like', actorId: liker, postId: post.id }, at)
  }

  const commentRows: Array<{ id: number; userId: number; thread: number | null }> = []
  for (const comment of COMMENTS) {
    const post = postRows[comment.post]
    const at = new Date(Math.min(now, post.at + comment.after * HOUR_MS))
    const author = userOf(comment.by)
    const parent = comment.replyTo === undefined ? undefined : commentRows[comment.replyTo]
    const thread = parent ? (parent.thread ?? parent.id) : null
    const [row] = await tx
      .insert(comments)
      .values({
        postId: post.id,
        userId: author,
        parentId: thread,
        replyToUserId: parent?.userId ?? null,
        content: comment.content,
        createdAt: at,
      })
      .returning({ id: comments.id })
    commentRows.push({ id: row.id, userId: author, thread })
    await tx
      .update(posts)
      .set({ commentCount: sql`${posts.commentCount} + 1` })
      .where(eq(posts.id, post.id))
    if (thread !== null) {
      await tx
        .update(comments)
        .set({ replyCount: sql`${comments.replyCount} + 1` })
        .where(eq(comments.id, thread))
    }
    const note = {
      kind: 'comment' as const,
      actorId: author,
      postId: post.id,
      commentId: row.id,
      content: comment.content,
    }
    await notify(tx, { ...note, userId: post.userId }, at)
    if (parent && parent.userId !== post.userId) {
      await notify(tx, { ...note, userId: parent.userId }, at)
    }
  }
}
