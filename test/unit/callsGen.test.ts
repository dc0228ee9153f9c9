import { readdirSync, readFileSync } from 'node:fs'
import { CALLS_DIR, callsFile, renderCalls } from '../../scripts/gen-calls'
import { domains } from '@/types/api/domains'

describe('types/api/calls/*.gen.ts', () => {
  it('are what the declarations generate (run `npm run gen:calls` after changing one)', () => {
    for (const [domain, api] of Object.entries(domains)) {
      expect(readFileSync(callsFile(domain), 'utf8')).toBe(renderCalls(domain, api))
    }
    expect(readdirSync(CALLS_DIR).sort()).toEqual(
      Object.keys(domains)
        .map((domain) => `${domain}.gen.ts`)
        .sort(),
    )
  })
})
