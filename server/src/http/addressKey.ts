import { isIPv6 } from 'node:net'

/**
 * The key the per-address limits count under. An IPv4 address is itself; an IPv6 client usually
 * holds a whole /64 and could take a fresh address for every try, so IPv6 is counted by its /64
 * (IPv4-mapped IPv6 as the IPv4 address).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  if (mapped) return mapped[1]
  if (!isIPv6(ip)) return ip
  const [head, tail = ''] = ip.toLowerCase().split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}
