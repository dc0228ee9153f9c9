/**
 * China Standard Time, UTC+8 all year (no daylight saving): reading days, rankings and daily limits
 * count calendar days in it, on the server and in the app alike.
 */
export const CHINA_UTC_OFFSET_MINUTES = 8 * 60
export const CHINA_OFFSET_MS = CHINA_UTC_OFFSET_MINUTES * 60 * 1000
