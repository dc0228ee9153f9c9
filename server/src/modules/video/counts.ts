/**
 * Plays and shares (RefreshVideoReadingNumber / RefreshVideoSharesNumber): each counts at most once
 * per viewer (a reader, or a guest by address and browser: http/viewerKey) per video per hour, so a
 * reload loop cannot inflate them.
 */
import { and, eq, lte, sql } from 'drizzle-orm'
import { VideoLimits } from '@rules/video'
import type { VideoCountRes } from '@api/video'
import type { AppContext } from '../../context'
import { videoViewMarks, videos, type VideoCountKind } from '../../db/schema'
import { inTx } from '../../db/tx'
import { findVideo } from './rows'

const column = { play: videos.playCount, share: videos.shareCount } as const

/**
 * Counts a play or share of a published video by `viewer`. The owner's video that is not
 * published is answered with its count, uncounted; anyone else's is 404.
 */
export async function countView(
  app: AppContext,
  viewerId: number | null,
  id: number,
  viewer: string,
  kind: VideoCountKind,
): Promise<VideoCountRes> {
  const row = await findVideo(app.db, id, viewerId)
  const current = kind === 'play' ? row.playCount : row.shareCount
  if (row.reviewState !== 'approved') return { count: current, counted: false }
  return inTx(app.db, async (tx) => {
    const now = new Date(app.clock.now())
    // One statement decides whether this view counts: a new viewer, or one whose last counted view
    // is an hour old. Two requests at once: the row lock lets only one of them count.
    const marked = await tx
      .insert(videoViewMarks)
      .values({ videoId: id, viewer, kind, at: now })
      .onConflictDoUpdate({
        target: [videoViewMarks.videoId, videoViewMarks.viewer, videoViewMarks.kind],
        set: { at: now },
        setWhere: lte(videoViewMarks.at, new Date(now.getTime() - VideoLimits.countWindowMs)),
      })
      .returning({ viewer: videoViewMarks.viewer })
    if (marked.length === 0) {
      const [fresh] = await tx.select({ n: column[kind] }).from(videos).where(eq(videos.id, id))
      return { count: fresh?.n ?? current, counted: false }
    }
    const [updated] = await tx
      .update(videos)
      .set(
        kind === 'play'
          ? { playCount: sql`${videos.playCount} + 1` }
          : { shareCount: sql`${videos.shareCount} + 1` },
      )
      .where(and(eq(videos.id, id)))
      .returning({ n: column[kind] })
    return { count: updated.n, counted: true }
  })
}
