/** The CreateLog payload: which platform and device the person uses. Pure. */

/** Taro.getEnv() → the platform_type the server records. */
export function platformType(env: string): string {
  if (env === 'WEAPP') return 'weapp'
  if (env === 'WEB') return 'H5'
  return env.toLowerCase()
}

export interface DeviceFields {
  brand?: unknown
  model?: unknown
  system?: unknown
  platform?: unknown
  version?: unknown
}

const FIELDS = ['brand', 'model', 'system', 'platform', 'version'] as const

/** A few system-info fields as a JSON string (missing ones as ''). */
export function deviceInfo(info: DeviceFields | null | undefined): string {
  const picked: Record<string, string> = {}
  for (const key of FIELDS) {
    const value = info?.[key]
    picked[key] = typeof value === 'string' || typeof value === 'number' ? String(value) : ''
  }
  return JSON.stringify(picked)
}
