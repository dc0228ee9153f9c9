import type { Db } from '../src/db/client'

export async function seedBooks(_tx: Db, _now: number): Promise<void> {}
