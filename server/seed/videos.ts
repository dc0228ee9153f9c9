/**
 * The demo videos: four channels, the album tags, the house albums and a dozen short clips made
 * here (scripts/make-videos.mjs: generated frames, the classics' titles spoken), committed under
 * seed/assets/videos with manifest.json and served from /api/seed-assets/videos/<name>. Each clip is
 * about a seeded book. The demo reader also gets two videos of their own (one published, one
 * pending), so 我的视频 is not empty.
 */
import fs from 'node:fs'
import path from 'node:path'
import { eq, inArray } from 'drizzle-orm'
import type { Db } from '../src/db/client'
import {
  books,
  users,
  videoAlbums,
  videoAlbumTagLinks,
  videoAlbumTags,
  videoChannels,
  videos,
} from '../src/db/schema'
import { SEED_ASSET_ROOT, seedAssetUrl } from '../src/modules/common/seedAssets'
import { DEMO_USERS } from './users'

const HOUR_MS = 60 * 60 * 1000

/** One clip as scripts/make-videos.mjs lists it in manifest.json. */
export interface SeedClip {
  file: string
  cover: string
  title: string
  description: string
  durationMs: number
  width: number
  height: number
  channel: string
  album: string | null
  albumSort: number
  bookName: string
}

export const SEED_VIDEO_DIR = path.join(SEED_ASSET_ROOT, 'videos')

export function loadSeedClips(dir = SEED_VIDEO_DIR): SeedClip[] {
  return JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as SeedClip[]
}

export const VIDEO_CHANNELS = ['经典诵读', '诗词赏析', '名家讲书', '童蒙启蒙'] as const

export const VIDEO_ALBUM_TAGS = ['国学经典', '诗词', '启蒙', '诵读', '名篇'] as const

/** The house albums: their introductions and tags (the clips name the album they are in). */
export const SEED_ALBUMS: Record<string, { intro: string; tags: string[] }> = {
  论语十则: {
    intro: '《论语》名章诵读，每段一则，温故而知新。',
    tags: ['国学经典', '诵读'],
  },
  唐诗朗读: { intro: '唐诗三百首中的五言绝句，短短二十字，意境悠长。', tags: ['诗词', '名篇'] },
  三字经启蒙: { intro: '给孩子的《三字经》：人之初，性本善。', tags: ['启蒙', '国学经典'] },
  '《弟子规》诵读': { intro: '《弟子规》总叙与入则孝，跟读学礼。', tags: ['启蒙', '诵读'] },
}

const approved = (at: Date) => ({
  reviewState: 'approved' as const,
  reviewReason: '',
  reviewedAt: at,
  reviewedBy: null,
})

/** Plays of the house clips, so the most-played list has an order: later clips fewer. */
const seedPlays = (index: number): number => 320 - index * 23

async function bookIds(tx: Db, names: string[]): Promise<Map<string, number>> {
  const rows = await tx
    .select({ id: books.id, name: books.name })
    .from(books)
    .where(inArray(books.name, names))
  return new Map(rows.map((r) => [r.name, r.id]))
}

/** Channels, tags, house albums and clips (house: no owner, approved). */
export async function seedVideos(tx: Db, now: number, clips = loadSeedClips()): Promise<void> {
  const firstCover = (channel: string) => clips.find((c) => c.channel === channel)?.cover
  const channels = await tx
    .insert(videoChannels)
    .values(
      VIDEO_CHANNELS.map((name, i) => {
        const cover = firstCover(name)
        return { name, sort: i + 1, icon: cover ? seedAssetUrl('videos', cover) : '' }
      }),
    )
    .returning({ id: videoChannels.id, name: videoChannels.name })
  const channelId = new Map(channels.map((c) => [c.name, c.id]))
  const tags = await tx
    .insert(videoAlbumTags)
    .values(VIDEO_ALBUM_TAGS.map((name, i) => ({ name, sort: i + 1 })))
    .returning({ id: videoAlbumTags.id, name: videoAlbumTags.name })
  const tagId = new Map(tags.map((t) => [t.name, t.id]))

  // Older first: the first clip of the manifest is the oldest, an hour apart.
  const madeAt = (i: number) => new Date(now - (clips.length - i) * HOUR_MS)
  const albumId = new Map<string, number>()
  for (const [name, album] of Object.entries(SEED_ALBUMS)) {
    const members = clips.filter((c) => c.album === name)
    if (members.length === 0) continue
    const first = members[0]
    const [row] = await tx
      .insert(videoAlbums)
      .values({
        ownerId: null,
        title: name,
        intro: album.intro,
        cover: seedAssetUrl('videos', first.cover),
        channelId: channelId.get(first.channel) ?? null,
        createdAt: madeAt(clips.indexOf(first)),
        updatedAt: madeAt(clips.indexOf(members[members.length - 1])),
      })
      .returning({ id: videoAlbums.id })
    albumId.set(name, row.id)
    const links = album.tags.flatMap((tag) => {
      const id = tagId.get(tag)
      return id ? [{ albumId: row.id, tagId: id }] : []
    })
    if (links.length) await tx.insert(videoAlbumTagLinks).values(links)
  }

  const bookId = await bookIds(tx, [...new Set(clips.map((c) => c.bookName))])
  await tx.insert(videos).values(
    clips.map((clip, i) => {
      const at = madeAt(i)
      return {
        ownerId: null,
        title: clip.title,
        description: clip.description,
        cover: seedAssetUrl('videos', clip.cover),
        durationMs: clip.durationMs,
        seedAsset: clip.file,
        fileSize: fs.statSync(path.join(SEED_VIDEO_DIR, clip.file)).size,
        mime: 'video/mp4' as const,
        width: clip.width,
        height: clip.height,
        channelId: channelId.get(clip.channel) as number,
        albumId: clip.album ? (albumId.get(clip.album) ?? null) : null,
        albumSort: clip.album ? clip.albumSort : 0,
        bookId: bookId.get(clip.bookName) ?? null,
        playCount: seedPlays(i),
        shareCount: Math.floor(seedPlays(i) / 20),
        ...approved(at),
        createdAt: at,
        updatedAt: at,
      }
    }),
  )
}

/** The demo reader's own videos (a published one and one waiting for review): demo readers only. */
export const DEMO_READER_VIDEOS = [
  {
    clip: 'shijing-guanju.mp4',
    title: '我读《诗经·关雎》',
    description: '第一次试着朗读《关雎》，请书友们多指教。',
    state: 'approved' as const,
  },
  {
    clip: 'tang-xiangsi.mp4',
    title: '红豆生南国：我的朗读',
    description: '读王维的《相思》，配了一段小视频。',
    state: 'pending' as const,
  },
]

export async function seedDemoVideos(tx: Db, now: number, clips = loadSeedClips()): Promise<void> {
  const [reader] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.mobile, DEMO_USERS[0].mobile))
  if (!reader) return
  const channels = await tx.select().from(videoChannels)
  const bookId = await bookIds(tx, [...new Set(clips.map((c) => c.bookName))])
  const rows = DEMO_READER_VIDEOS.flatMap((demo, i) => {
    const clip = clips.find((c) => c.file === demo.clip)
    const channel = channels.find((c) => c.name === clip?.channel)
    if (!clip || !channel) return []
    const at = new Date(now - (DEMO_READER_VIDEOS.length - i) * 10 * 60 * 1000)
    return [
      {
        ownerId: reader.id,
        title: demo.title,
        description: demo.description,
        cover: seedAssetUrl('videos', clip.cover),
        durationMs: clip.durationMs,
        seedAsset: clip.file,
        fileSize: fs.statSync(path.join(SEED_VIDEO_DIR, clip.file)).size,
        mime: 'video/mp4' as const,
        width: clip.width,
        height: clip.height,
        channelId: channel.id,
        bookId: bookId.get(clip.bookName) ?? null,
        ...(demo.state === 'approved'
          ? approved(at)
          : { reviewState: 'pending' as const, reviewReason: '' }),
        createdAt: at,
        updatedAt: at,
      },
    ]
  })
  if (rows.length) await tx.insert(videos).values(rows)
}
