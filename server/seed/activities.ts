/**
 * Demo activities (issue 16), outside production only: one running (applying and voting open
 * around the seed time, 3 votes a day) with entries by 书友小林 and a few seeded participants, so
 * the demo reader (演示读者) can still apply, sign in and use up a day's votes; and one ended with
 * entries by both demo readers and a winner. Covers and entry images are the committed seed
 * images. The seeded participants have no number or password: nobody logs in as them.
 */
import { eq, inArray } from 'drizzle-orm'
import { chinaDay } from '@rules/activities'
import type { Db } from '../src/db/client'
import { activities, activityEntries, activitySigns, activityVotes, users } from '../src/db/schema'
import { seedAssetUrl } from '../src/modules/common/seedAssets'
import { posterImageUrl } from '../src/modules/stats/posters'
import { DEMO_USERS } from './users'

const DAY_MS = 24 * 60 * 60 * 1000

/** The seeded participants (nickname-only accounts). */
export const SEED_PARTICIPANTS = ['读者小雨', '读者阿哲', '读者青禾', '读者墨白'] as const

const art = (name: string): string => seedAssetUrl('magazines', name)

type Who = 'demo' | 'lin' | (typeof SEED_PARTICIPANTS)[number]

interface SeedEntry {
  by: Who
  title: string
  content: string
  images: string[]
  /** Votes it gets from the other seeded readers. */
  votes: number
}

interface SeedActivity {
  title: string
  cover: string
  summary: string
  description: string
  rules: string
  /** Days relative to the seed time. */
  applyStart: number
  applyEnd: number
  voteStart: number
  voteEnd: number
  votesPerDay: number
  entryImageMax: number
  entries: SeedEntry[]
  /** The China days (days before the seed time) the seeded votes were cast on. */
  voteDaysAgo: number[]
}

export const RUNNING_ACTIVITY_TITLE = '读书月 · 我的读书故事'
export const ENDED_ACTIVITY_TITLE = '春日诗会 · 最美古诗配图'

const RULES = [
  '1. 报名期间，每位读者可提交一件作品（标题、文字和图片），提交后不可修改。',
  '2. 投票期间，每位读者每天可投{N}票，同一作品每天限投一票，不能给自己的作品投票。',
  '3. 报名后每天可在“我的参与”中签到，记录你的读书打卡天数。',
  '4. 按得票数排名，票数相同者并列；如发现刷票行为，主办方有权取消其参赛资格。',
].join('\n')

export const SEED_ACTIVITIES: SeedActivity[] = [
  {
    title: RUNNING_ACTIVITY_TITLE,
    cover: posterImageUrl('reading.png'),
    summary: '分享一本改变你的书，讲讲你和它的故事',
    description: [
      '每个人的书架上，总有一本书让你难忘。它也许陪你度过了一段难熬的日子，也许让你第一次爱上阅读。',
      '本次活动邀请你写下“我的读书故事”：一本书、一段经历、一点感悟，配上几张照片，与书友们分享。',
      '报名后即可每日签到，投票期间为喜欢的作品投票，得票最多的作品将获得精美图书一套。',
    ].join('\n'),
    rules: RULES.replace('{N}', '3'),
    applyStart: -4,
    applyEnd: 5,
    voteStart: -3,
    voteEnd: 10,
    votesPerDay: 3,
    entryImageMax: 9,
    voteDaysAgo: [1, 2],
    entries: [
      {
        by: 'lin',
        title: '《唐诗三百首》陪我度过的夜晚',
        content:
          '加班的那段日子，每晚睡前读几首唐诗。“明月松间照，清泉石上流”，十个字就把一天的疲惫洗掉了。' +
          '后来养成了习惯，一年读完了整本《唐诗三百首》。',
        images: [art('art-jingye.jpg')],
        votes: 6,
      },
      {
        by: '读者小雨',
        title: '和孩子一起读《三字经》',
        content:
          '每天早饭后和孩子读一段《三字经》，“人之初，性本善”，孩子读得摇头晃脑。' +
          '读书不只是认字，更是我们一起的时光。',
        images: [art('art-taohua.jpg'), art('art-jiangxue.jpg')],
        votes: 5,
      },
      {
        by: '读者阿哲',
        title: '重读《论语》',
        content:
          '学生时代背过的《论语》，工作十年后再读，才懂“学而时习之”的“习”是实践。' +
          '书还是那本书，读书的人变了。',
        images: [],
        votes: 3,
      },
      {
        by: '读者青禾',
        title: '一本《诗经》走天涯',
        content:
          '出差的行李箱里总放着一本《诗经》。“蒹葭苍苍，白露为霜”，在异乡的车站读来格外动人。',
        images: [art('art-yueyang.jpg')],
        votes: 2,
      },
      {
        by: '读者墨白',
        title: '《弟子规》里的家风',
        content: '“父母呼，应勿缓。”小时候爷爷常念叨的话，如今我也念给孩子听。',
        images: [],
        votes: 1,
      },
    ],
  },
  {
    title: ENDED_ACTIVITY_TITLE,
    cover: posterImageUrl('audio.png'),
    summary: '冠军作品：书友小林《江雪》配图，感谢每一位参与的书友',
    description: [
      '春天是读诗的季节。本次活动邀请书友们为一首喜欢的古诗配上图片，写下自己的理解。',
      '活动已结束，冠军作品为书友小林的《江雪》配图，得票最多。感谢大家的参与，我们下次活动再见！',
    ].join('\n'),
    rules: RULES.replace('{N}', '5'),
    applyStart: -45,
    applyEnd: -30,
    voteStart: -35,
    voteEnd: -25,
    votesPerDay: 5,
    entryImageMax: 3,
    voteDaysAgo: [26, 27, 28, 29, 30, 31, 32, 33, 34],
    entries: [
      {
        by: 'lin',
        title: '《江雪》：千山鸟飞绝',
        content: '“孤舟蓑笠翁，独钓寒江雪。”一片白茫茫里，一个人、一只船，孤独却不寂寞。',
        images: [art('art-jiangxue.jpg')],
        votes: 14,
      },
      {
        by: 'demo',
        title: '《静夜思》：床前明月光',
        content: '最早会背的一首诗。长大后离家，才真正读懂“低头思故乡”。',
        images: [art('art-jingye.jpg')],
        votes: 9,
      },
      {
        by: '读者小雨',
        title: '《桃花源记》的春天',
        content: '“芳草鲜美，落英缤纷。”每年春天都想去找一找那片桃花林。',
        images: [art('art-taohua.jpg')],
        votes: 7,
      },
      {
        by: '读者阿哲',
        title: '《岳阳楼记》：先天下之忧而忧',
        content: '登楼远望，想起范仲淹的胸怀。',
        images: [art('art-yueyang.jpg')],
        votes: 4,
      },
      {
        by: '读者青禾',
        title: '《赤壁赋》：清风徐来',
        content: '“惟江上之清风，与山间之明月”，取之无禁，用之不竭。',
        images: [art('art-chibi.jpg')],
        votes: 2,
      },
    ],
  },
]

/** The people of the seed: the demo readers by number, the participants made here. */
async function seedPeople(tx: Db, now: number): Promise<Map<Who, number>> {
  const ids = new Map<Who, number>()
  const demo = await tx
    .select({ id: users.id, mobile: users.mobile })
    .from(users)
    .where(
      inArray(
        users.mobile,
        DEMO_USERS.map((u) => u.mobile),
      ),
    )
  for (const row of demo) ids.set(row.mobile === DEMO_USERS[0].mobile ? 'demo' : 'lin', row.id)
  const made = await tx
    .insert(users)
    .values(
      SEED_PARTICIPANTS.map((nickname) => ({
        nickname,
        createdAt: new Date(now),
        updatedAt: new Date(now),
      })),
    )
    .returning({ id: users.id, nickname: users.nickname })
  for (const row of made) ids.set(row.nickname as Who, row.id)
  return ids
}

export async function seedActivities(tx: Db, now: number): Promise<void> {
  const people = await seedPeople(tx, now)
  const at = (days: number) => new Date(now + days * DAY_MS)
  for (const a of SEED_ACTIVITIES) {
    const [activity] = await tx
      .insert(activities)
      .values({
        title: a.title,
        cover: a.cover,
        summary: a.summary,
        description: a.description,
        rules: a.rules,
        applyStart: at(a.applyStart),
        applyEnd: at(a.applyEnd),
        voteStart: at(a.voteStart),
        voteEnd: at(a.voteEnd),
        votesPerDay: a.votesPerDay,
        entryImageMax: a.entryImageMax,
        createdAt: at(a.applyStart - 1),
        updatedAt: at(a.applyStart - 1),
      })
      .returning({ id: activities.id })
    const entries: Array<{ id: number; userId: number; votes: number }> = []
    for (const [i, e] of a.entries.entries()) {
      const userId = people.get(e.by)
      if (userId === undefined) continue // a database whose demo readers were not seeded
      const [row] = await tx
        .insert(activityEntries)
        .values({
          activityId: activity.id,
          userId,
          title: e.title,
          content: e.content,
          images: e.images,
          createdAt: new Date(now + a.applyStart * DAY_MS + (i + 1) * 3_600_000),
        })
        .returning({ id: activityEntries.id })
      entries.push({ id: row.id, userId, votes: e.votes })
      // The participant signed in on the days since applying (up to the end or yesterday).
      const lastDay = Math.min(a.voteEnd, 0) - 1
      const signDays = new Set<string>()
      for (let d = a.applyStart + 1; d <= lastDay; d += 2) signDays.add(chinaDay(now + d * DAY_MS))
      if (signDays.size > 0)
        await tx.insert(activitySigns).values(
          [...signDays].map((day) => ({
            activityId: activity.id,
            userId,
            day,
            createdAt: new Date(now),
          })),
        )
    }
    await seedVotes(tx, activity.id, a, entries, [...people.values()], now)
  }
}

/**
 * The entries' votes as vote rows by the seeded readers, within the rules: never one's own, one
 * per entry per reader per day, at most votesPerDay per reader per day.
 */
async function seedVotes(
  tx: Db,
  activityId: number,
  a: SeedActivity,
  entries: Array<{ id: number; userId: number; votes: number }>,
  voters: number[],
  now: number,
): Promise<void> {
  const used = new Map<string, number>()
  const rows: Array<typeof activityVotes.$inferInsert> = []
  for (const entry of entries) {
    let left = entry.votes
    for (const ago of a.voteDaysAgo) {
      const day = chinaDay(now - ago * DAY_MS)
      for (const voter of voters) {
        if (left === 0) break
        const key = `${voter}:${day}`
        if (voter === entry.userId || (used.get(key) ?? 0) >= a.votesPerDay) continue
        used.set(key, (used.get(key) ?? 0) + 1)
        rows.push({
          activityId,
          entryId: entry.id,
          userId: voter,
          day,
          createdAt: new Date(now - ago * DAY_MS),
        })
        left -= 1
      }
    }
    const counted = entry.votes - left
    await tx.update(activityEntries).set({ votes: counted }).where(eq(activityEntries.id, entry.id))
  }
  if (rows.length > 0) await tx.insert(activityVotes).values(rows)
}
