import type { ChatEngine } from './types'

/**
 * Where the chosen adapter's chunk leaves its factory when it runs (local/load.ts or
 * tencent/load.ts), for ./remote to take after WeChat's `require.async` (a chunk loaded behind
 * webpack's back hands over nothing else: its exports are not known, and their names are
 * shortened). This module is shared, so it sits in the main package; the object's property names
 * are kept by the minifier.
 */
export const engineSlot: { create: (() => ChatEngine | Promise<ChatEngine>) | null } = {
  create: null,
}
