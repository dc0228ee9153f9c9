/** The message menu on WeChat's 6-item action sheet: past 6, the first 5 and 更多. */
import { chooseFromSheet, MORE_ITEM, sheetPages } from '@/features/chat/actionSheet'

const menu = ['复制', '转发', '多选', '引用', '撤回', '回应', '删除']

describe('action sheet pages', () => {
  it('fits 6 on one sheet, more go behind 更多', () => {
    expect(sheetPages(menu.slice(0, 6))).toEqual([menu.slice(0, 6)])
    expect(sheetPages(menu)).toEqual([
      ['复制', '转发', '多选', '引用', '撤回', MORE_ITEM],
      ['回应', '删除'],
    ])
    for (const page of sheetPages(Array.from({ length: 20 }, (_, i) => String(i)))) {
      expect(page.length).toBeLessThanOrEqual(6)
    }
  })

  it('answers the chosen item, through 更多 too, or null when cancelled', async () => {
    const shown: string[][] = []
    const taps = [5, 0]
    const show = async (itemList: string[]) => {
      shown.push(itemList)
      return { tapIndex: taps.shift() ?? 0 }
    }
    await expect(chooseFromSheet(menu, show)).resolves.toBe('回应')
    expect(shown).toHaveLength(2)
    await expect(chooseFromSheet(menu.slice(0, 3), async () => ({ tapIndex: 1 }))).resolves.toBe(
      '转发',
    )
    await expect(
      chooseFromSheet(menu, () => Promise.reject(new Error('cancel'))),
    ).resolves.toBeNull()
  })
})
