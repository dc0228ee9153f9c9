/** Display rules of the books area. Pure. */

/** Reading time: '45秒', '12分钟', '1小时5分钟', '3小时'. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  if (s < 60) return `${s}秒`
  const minutes = Math.floor(s / 60)
  if (minutes < 60) return `${minutes}分钟`
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return rest ? `${hours}小时${rest}分钟` : `${hours}小时`
}

/** '860字', '1.2万字', '3万字'. */
export function formatWordCount(count: number): string {
  if (count < 10_000) return `${count}字`
  const tenThousands = Math.round(count / 1000) / 10
  return `${String(tenThousands).replace(/\.0$/, '')}万字`
}

/** Audio clock: '0:07', '12:45', '1:02:03'. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const sec = String(s % 60).padStart(2, '0')
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`
}

/** '已读 37.5%' for a started book, '未读' otherwise. */
export function formatProgress(percent: number | undefined | null): string {
  if (!percent || percent <= 0) return '未读'
  if (percent >= 100) return '已读完'
  return `已读 ${Math.round(percent * 10) / 10}%`
}
