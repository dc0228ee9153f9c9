import { IMAGES_MAX_AGE_MS, nextPostDraft, openPostDraft } from '@/features/feed/postDraft'

const HOUR = 60 * 60 * 1000

describe('the post draft', () => {
  it('keeps text and pictures younger than the server keeps unused uploads', () => {
    const now = 100 * HOUR
    const stored = { content: '读论语', images: ['/uploads/a.png'], imagesSince: now - 2 * HOUR }
    expect(openPostDraft(stored, now)).toEqual({ ...stored, imagesExpired: false })
  })

  it('drops pictures older than that (or of unknown age) and keeps the text', () => {
    const now = 100 * HOUR
    const old = { content: '读论语', images: ['/uploads/a.png'], imagesSince: now - 21 * HOUR }
    expect(openPostDraft(old, now)).toEqual({
      content: '读论语',
      images: [],
      imagesSince: null,
      imagesExpired: true,
    })
    expect(openPostDraft({ content: 'x', images: ['/uploads/a.png'] }, now).imagesExpired).toBe(
      true,
    )
    expect(IMAGES_MAX_AGE_MS).toBeLessThan(24 * HOUR)
  })

  it('reads nothing usable as an empty draft', () => {
    expect(openPostDraft('', 0)).toEqual({
      content: '',
      images: [],
      imagesSince: null,
      imagesExpired: false,
    })
    expect(openPostDraft({ content: 3, images: [1, '/u/b.png'] }, 0).images).toEqual([])
  })

  it('dates the pictures from the first one and forgets the date when none are left', () => {
    const first = nextPostDraft(null, 'a', ['/u/1.png'], 10)
    expect(first.imagesSince).toBe(10)
    expect(nextPostDraft(first.imagesSince, 'a', ['/u/1.png', '/u/2.png'], 50).imagesSince).toBe(10)
    expect(nextPostDraft(10, 'a', [], 60).imagesSince).toBeNull()
  })
})
