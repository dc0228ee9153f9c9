/** What the H5 build's stand-in for the `platform` package answers (platform.js beside this). */
export interface PlatformInfo {
  ua: string
  manufacturer: string | null
  product: string | null
  os: {
    family: string | null
    version: string | null
    architecture: number | null
    toString(): string
  }
}

export function parse(ua: string): PlatformInfo
declare const platform: PlatformInfo & { parse: typeof parse }
export default platform
