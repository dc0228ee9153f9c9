import { act, renderHook } from '@testing-library/react'
import {
  checkUploads,
  imagesLeft,
  UploadText,
  uploadsState,
  type UploadItem,
} from '@/components/ImageUploader/uploads'
import { useImageUploads } from '@/components/ImageUploader/useImageUploads'
import { resolveAssetUrl } from '@/core/assets'

const item = (patch: Partial<UploadItem> = {}): UploadItem => ({
  key: 'k',
  path: 'blob:x',
  progress: 0,
  url: '',
  error: '',
  ...patch,
})

describe('uploads', () => {
  it('collects the uploaded URLs and counts the rest', () => {
    const items = [
      item({ key: 'a', url: '/uploads/a.png', progress: 1 }),
      item({ key: 'b', progress: 0.4 }),
      item({ key: 'c', error: '上传失败' }),
    ]
    expect(uploadsState(items)).toEqual({ urls: ['/uploads/a.png'], uploading: 1, failed: 1 })
  })
  it('holds the form while uploading, then while one failed', () => {
    expect(checkUploads([item({ url: '/u/a.png' }), item()])).toBe(UploadText.uploading)
    expect(checkUploads([item({ url: '/u/a.png' }), item({ error: 'x' })])).toBe(
      UploadText.uploadFailed,
    )
    expect(checkUploads([item({ url: '/u/a.png' })])).toBeNull()
    expect(checkUploads([])).toBeNull()
  })
  it('allows `max` images at most', () => {
    expect(imagesLeft([], 4)).toBe(4)
    expect(imagesLeft([item(), item(), item()], 4)).toBe(1)
    expect(imagesLeft([item(), item(), item(), item(), item()], 4)).toBe(0)
    expect(imagesLeft([item(), item(), item()], 9)).toBe(6)
  })
})

describe('useImageUploads', () => {
  it('shows the URL paths of a restored draft as uploaded', () => {
    const { result } = renderHook(() => useImageUploads(9, ['/uploads/a.png', '/uploads/b.png']))
    expect(result.current.max).toBe(9)
    expect(result.current.items.map((i) => [i.path, i.url, i.progress])).toEqual([
      [resolveAssetUrl('/uploads/a.png'), '/uploads/a.png', 1],
      [resolveAssetUrl('/uploads/b.png'), '/uploads/b.png', 1],
    ])
    expect(result.current.urls).toEqual(['/uploads/a.png', '/uploads/b.png'])
    expect(result.current.uploading).toBe(0)
    expect(checkUploads(result.current.items)).toBeNull()
  })
  it('removes an image', () => {
    const { result } = renderHook(() => useImageUploads(4, ['/uploads/a.png', '/uploads/b.png']))
    act(() => result.current.remove(result.current.items[0].key))
    expect(result.current.urls).toEqual(['/uploads/b.png'])
  })
})
