/** How the video pages write numbers and durations (pure). */
export { formatVideoDuration } from './duration'

/** A count as people read it: 9999, 1.2万, 12万, 1.2亿. */
export function formatCount(n: number): string {
  if (!(n > 0)) return '0'
  if (n < 10_000) return String(Math.floor(n))
  const [value, unit] = n < 100_000_000 ? [n / 10_000, '万'] : [n / 100_000_000, '亿']
  const shown = value < 10 ? Math.floor(value * 10) / 10 : Math.floor(value)
  return `${shown}${unit}`
}

export const playCountText = (n: number): string => `${formatCount(n)}次播放`

/** Who published it: the author's name, or 官方 for the house's own. */
export const authorName = (author: { nickname: string } | null): string =>
  author ? author.nickname : '书友官方'

/** Portrait when taller than wide (a clip of unknown size is laid out as landscape). */
export const isPortrait = (v: { width: number; height: number }): boolean =>
  v.width > 0 && v.height > v.width
