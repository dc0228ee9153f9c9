/**
 * The post editor's draft (text and uploaded pictures) on the device, through useDraft: opened once
 * (pictures too old dropped, with a toast), kept after every change, cleared once posted.
 */
import Taro from '@tarojs/taro'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useDraft } from '@/core/useDraft'
import { nextPostDraft, openPostDraft, POST_DRAFT_KEY, type PostDraft } from './postDraft'

const EMPTY: PostDraft = { content: '', images: [], imagesSince: null }

export function usePostDraft() {
  const [stored, save, clear] = useDraft<PostDraft>(POST_DRAFT_KEY, EMPTY)
  const [initial] = useState(() => openPostDraft(stored, Date.now()))
  const imagesSince = useRef(initial.imagesSince)

  useEffect(() => {
    if (initial.imagesExpired) {
      void Taro.showToast({ title: '草稿中的图片已过期，请重新添加', icon: 'none' })
    }
  }, [initial])

  const keep = useCallback(
    (content: string, images: string[]) => {
      const draft = nextPostDraft(imagesSince.current, content, images, Date.now())
      imagesSince.current = draft.imagesSince
      save(draft)
    },
    [save],
  )

  return { initial, keep, clear }
}
