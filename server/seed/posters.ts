import type { Db } from '../src/db/client'

export async function seedPosters(_tx: Db, _now: number): Promise<void> {}
