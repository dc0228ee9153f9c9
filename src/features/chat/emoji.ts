/**
 * The basic emoji set (chat-spec section 3: 62 named emoji): typed into text inline as their
 * characters, and sent alone as a face message (TIMFaceElem: index and name).
 */
import { BASIC_EMOJI_PAIRS } from '@rules/chatReactions'

export const BASIC_EMOJI: ReadonlyArray<{ name: string; char: string }> = BASIC_EMOJI_PAIRS.map(
  ([name, char]) => ({ name, char }),
)

/** The face message of emoji `index`, or null when there is no such emoji. */
export function faceOf(index: number): { name: string; char: string } | null {
  return BASIC_EMOJI[index] ?? null
}
