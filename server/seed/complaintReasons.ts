import type { Db } from '../src/db/client'

export async function seedComplaintReasons(_tx: Db, _now: number): Promise<void> {}
