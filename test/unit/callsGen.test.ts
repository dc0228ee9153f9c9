import { readFileSync } from 'node:fs'
import { CALLS_FILE, renderCalls } from '../../scripts/gen-calls'
import { domains } from '@/types/api/domains'

describe('types/api/calls.gen.ts', () => {
  it('is what the declarations generate (run `npm run gen:calls` after changing one)', () => {
    expect(readFileSync(CALLS_FILE, 'utf8')).toBe(renderCalls(domains))
  })
})
