/**
 * Nearby: readers who opted in leave a coarse position (rounded to 0.01°, about 1 km), and see the
 * others within Limits.nearbyRadiusKm, nearest first. Positions never leave the server: only the
 * distance, rounded up to 100 m. Opting out deletes the row at once.
 */
import { and, asc, between, count, eq, ne, sql } from 'drizzle-orm'
import { Limits } from '@rules/limits'
import type { NearbyPage } from '@api/friends'
import type { AppContext } from '../../context'
import { blocks, friendships, nearbyPositions, users } from '../../db/schema'
import { inTx } from '../../db/tx'
import { lockCaller } from '../../db/users'
import type { Caller } from '../../http/auth'
import { pageOf, type Paging } from '../../http/paging'
import { liveUser } from '../social/people'

const EARTH_RADIUS_M = 6_371_000
/** Kilometres per degree of latitude (a little under, so the band holds the whole circle). */
const KM_PER_DEGREE = 111
/** Stored positions are on a grid of 0.01°: this many steps a degree. */
const GRID_STEPS = 100
const DISTANCE_STEP_M = 100

/** A coordinate on the grid (no -0). */
export const toGrid = (degrees: number): number => Math.round(degrees * GRID_STEPS) / GRID_STEPS + 0

/** Metres as shown: rounded up to a multiple of 100, at least 100. */
export const shownDistance = (metres: number): number =>
  Math.max(DISTANCE_STEP_M, Math.ceil(metres / DISTANCE_STEP_M) * DISTANCE_STEP_M)

/** Opts the caller in, or moves their position (stored on the grid). */
export async function joinNearby(
  app: AppContext,
  caller: Caller,
  latitude: number,
  longitude: number,
): Promise<void> {
  const position = {
    latitude: toGrid(latitude),
    longitude: toGrid(longitude),
    updatedAt: new Date(app.clock.now()),
  }
  await inTx(app.db, async (tx) => {
    await lockCaller(tx, caller.userId)
    await tx
      .insert(nearbyPositions)
      .values({ userId: caller.userId, ...position })
      .onConflictDoUpdate({ target: nearbyPositions.userId, set: position })
  })
}

/** Opts the caller out: their position is gone at once. */
export async function leaveNearby(app: AppContext, caller: Caller): Promise<void> {
  await inTx(app.db, async (tx) => {
    await tx.delete(nearbyPositions).where(eq(nearbyPositions.userId, caller.userId))
  })
}

/**
 * Live readers who opted in within the radius of the caller's stored position, nearest first
 * (then by id), leaving out the caller and anyone blocked either way. The index on latitude picks
 * a band of rows; the haversine distance in SQL cuts the circle and orders them.
 */
export async function nearbyList(
  app: AppContext,
  caller: Caller,
  paging: Paging,
): Promise<NearbyPage> {
  const me = caller.userId
  const [mine] = await app.db
    .select({ latitude: nearbyPositions.latitude, longitude: nearbyPositions.longitude })
    .from(nearbyPositions)
    .where(eq(nearbyPositions.userId, me))
  if (!mine) return { ...pageOf([], 0, paging), optedIn: false }

  const { latitude: lat, longitude: lon } = mine
  const band = Limits.nearbyRadiusKm / KM_PER_DEGREE
  const p = nearbyPositions
  const distance = sql<number>`(${2 * EARTH_RADIUS_M} * asin(least(1, sqrt(
    power(sin(radians(${p.latitude} - ${lat}::float8) / 2), 2)
    + cos(radians(${lat}::float8)) * cos(radians(${p.latitude}))
    * power(sin(radians(${p.longitude} - ${lon}::float8) / 2), 2)))))`
  const join = and(eq(users.id, p.userId), liveUser)
  const where = and(
    ne(p.userId, me),
    between(p.latitude, lat - band, lat + band),
    sql`${distance} <= ${Limits.nearbyRadiusKm * 1000}`,
    sql`not exists (select 1 from ${blocks} where (${blocks.blockerId} = ${me} and ${blocks.blockedId} = ${p.userId}) or (${blocks.blockerId} = ${p.userId} and ${blocks.blockedId} = ${me}))`,
  )
  const [{ total }] = await app.db
    .select({ total: count() })
    .from(p)
    .innerJoin(users, join)
    .where(where)
  const rows = await app.db
    .select({
      userId: users.id,
      nickname: users.nickname,
      avatar: users.avatar,
      signature: users.signature,
      distance: sql<number>`${distance}`.mapWith(Number),
      isFriend: sql<boolean>`exists (select 1 from ${friendships} where ${friendships.userId} = ${me} and ${friendships.friendId} = ${p.userId})`,
    })
    .from(p)
    .innerJoin(users, join)
    .where(where)
    .orderBy(asc(distance), asc(users.id))
    .limit(paging.pageSize)
    .offset(paging.offset)
  const list = rows.map((row) => ({ ...row, distance: shownDistance(row.distance) }))
  return { ...pageOf(list, total, paging), optedIn: true }
}
