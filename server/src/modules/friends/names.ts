/**
 * How a friend is filed in the list: the shown name (the caller's remark, else the nickname), its
 * index letter and its pinyin sort key. Chinese is read with pinyin-pro; the first character is
 * read as a surname (单 shan, 曾 zeng), as contact lists file people.
 */
import { pinyin } from 'pinyin-pro'
import { FRIEND_LETTERS } from '@api/friends'

export const OTHER_LETTER = '#'

/** The name the caller sees a friend by. */
export const shownName = (f: { remark: string; nickname: string }): string => f.remark || f.nickname

/** 'A'..'Z' for a name whose first letter (pinyin for Chinese, accents dropped) is one, else '#'. */
export function indexLetter(name: string): string {
  const [first] = pinyin(name.trim(), {
    pattern: 'first',
    toneType: 'none',
    type: 'array',
    surname: 'head',
  })
  const letter = (first ?? '').normalize('NFD').charAt(0).toUpperCase()
  return letter >= 'A' && letter <= 'Z' ? letter : OTHER_LETTER
}

/** Lower-case pinyin syllables (other text as it is) joined by spaces: compares syllable by syllable. */
export function sortKey(name: string): string {
  return pinyin(name.trim(), {
    toneType: 'none',
    type: 'array',
    surname: 'head',
    nonZh: 'consecutive',
  })
    .join(' ')
    .toLowerCase()
}

/** The letters' order: A..Z, then '#'. */
export const letterRank = (letter: string): number =>
  (FRIEND_LETTERS as readonly string[]).indexOf(letter)

export interface Filed {
  userId: number
  letter: string
  key: string
}

/** Letter (A..Z, '#'), then pinyin, then user id. */
export function byIndex(a: Filed, b: Filed): number {
  return (
    letterRank(a.letter) - letterRank(b.letter) ||
    (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) ||
    a.userId - b.userId
  )
}
