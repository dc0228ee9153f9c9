/**
 * The label of a reading day (a 'YYYY-MM-DD' of the server) relative to the device's date:
 * '今天', '昨天', '11月22日' this year, '2024年11月22日' before. Pure; `now` is injectable.
 */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

export function dayLabel(day: string, now: Date = new Date()): string {
  const match = DAY.exec(day)
  if (!match) return day
  const [year, month, date] = match.slice(1).map(Number)
  // Whole calendar days between the two dates, free of time zone and daylight-saving shifts.
  const diff = Math.round(
    (Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()) - Date.UTC(year, month - 1, date)) /
      86_400_000,
  )
  if (diff === 0) return '今天'
  if (diff === 1) return '昨天'
  if (year === now.getFullYear()) return `${month}月${date}日`
  return `${year}年${month}月${date}日`
}
