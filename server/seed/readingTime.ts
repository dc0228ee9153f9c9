import type { Db } from '../src/db/client'

export async function seedReadingTime(_tx: Db, _now: number): Promise<void> {}
