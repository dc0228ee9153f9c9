import type { Db } from '../src/db/client'

export async function seedFeed(_tx: Db, _now: number): Promise<void> {}
