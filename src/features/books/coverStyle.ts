/** The colours of a drawn cover, picked from the title so a book always looks the same. Pure. */
const PALETTE: Array<[string, string]> = [
  ['#8c2f27', '#f5e6d3'],
  ['#2f4a3a', '#eef2e6'],
  ['#27405e', '#e8eef5'],
  ['#5b3a5e', '#f3e9f2'],
  ['#7a5a22', '#f7efdc'],
  ['#3d3d3d', '#f1f1ec'],
]

export function coverColours(title: string): { ink: string; paper: string } {
  let hash = 0
  for (const ch of title) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0
  const [ink, paper] = PALETTE[hash % PALETTE.length]
  return { ink, paper }
}
