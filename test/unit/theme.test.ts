import { readFileSync } from 'node:fs'
import path from 'node:path'
import { BRAND_COLOR } from '@/core/theme'

describe('theme', () => {
  it('the brand colour of the code is the one of the style tokens and the tab bar', () => {
    const root = path.join(__dirname, '..', '..')
    const tokens = readFileSync(path.join(root, 'src/styles/tokens.scss'), 'utf8')
    expect(tokens).toMatch(new RegExp(`\\$brand:\\s*${BRAND_COLOR}\\b`, 'i'))
    const appConfig = readFileSync(path.join(root, 'src/app.config.ts'), 'utf8')
    expect(appConfig).toContain(`selectedColor: '${BRAND_COLOR}'`)
  })
})
