/**
 * The merged viewer (chat-spec section 5): a stack of merged messages. Opening one pushes it and
 * downloads its list; a merged message inside steps in (another push); 返回 pops; the viewer
 * closes when the stack is empty. A failed download marks its frame (Load Merge Message Error)
 * and 重试 downloads again.
 */
import { useEffect, useRef, useState } from 'react'
import type { MergedMessageItem } from '@/TUIKit/engine/types'

/** What a merged card carries (a TIMRelayElem's payload). */
export type MergerCard = Record<string, unknown>

export interface MergedFrame {
  /** Unique in the stack's life: answers of a popped frame are dropped. */
  key: number
  title: string
  payload: MergerCard
  state: 'loading' | 'ready' | 'error'
  list: MergedMessageItem[]
}

export const mergerTitleOf = (payload: MergerCard): string => String(payload.title ?? '')

export const mergerAbstractOf = (payload: MergerCard): string[] =>
  (Array.isArray(payload.abstractList) ? payload.abstractList : [])
    .slice(0, 7)
    .map((line) => String(line))

// ---- the stack, pure -----------------------------------------------------------------------

export function pushFrame(stack: readonly MergedFrame[], key: number, payload: MergerCard) {
  const frame: MergedFrame = {
    key,
    title: mergerTitleOf(payload),
    payload,
    state: 'loading',
    list: [],
  }
  return [...stack, frame]
}

/** 返回: the top frame leaves; an empty stack is a closed viewer. */
export const popFrame = (stack: readonly MergedFrame[]): MergedFrame[] => stack.slice(0, -1)

/** A download answered: only the frame it was for changes (a popped one is gone). */
export function settleFrame(
  stack: readonly MergedFrame[],
  key: number,
  outcome: { list: MergedMessageItem[] } | 'error',
): MergedFrame[] {
  return stack.map((f) =>
    f.key !== key
      ? f
      : outcome === 'error'
        ? { ...f, state: 'error', list: [] }
        : { ...f, state: 'ready', list: outcome.list },
  )
}

export const retryFrame = (stack: readonly MergedFrame[], key: number): MergedFrame[] =>
  stack.map((f) => (f.key === key ? { ...f, state: 'loading' } : f))

// ---- the hook ------------------------------------------------------------------------------

export type DownloadMerger = (payload: MergerCard) => Promise<MergedMessageItem[]>

export interface MergedViewer {
  stack: MergedFrame[]
  top: MergedFrame | null
  open: (payload: MergerCard) => void
  back: () => void
  retry: () => void
}

export function useMergedViewer(download: DownloadMerger): MergedViewer {
  const [stack, setStack] = useState<MergedFrame[]>([])
  const nextKey = useRef(1)

  function load(key: number, payload: MergerCard): void {
    download(payload).then(
      (list) => setStack((s) => settleFrame(s, key, { list })),
      () => setStack((s) => settleFrame(s, key, 'error')),
    )
  }

  function open(payload: MergerCard): void {
    const key = nextKey.current++
    setStack((s) => pushFrame(s, key, payload))
    load(key, payload)
  }

  // The newest opener is kept in a ref so the registration lives as long as the page.
  const latest = useRef(open)
  latest.current = open
  useEffect(() => {
    const opener = (payload: MergerCard) => latest.current(payload)
    openers.push(opener)
    return () => {
      const at = openers.indexOf(opener)
      if (at !== -1) openers.splice(at, 1)
    }
  }, [])

  const top = stack[stack.length - 1] ?? null
  return {
    stack,
    top,
    open,
    back: () => setStack(popFrame),
    retry() {
      if (!top || top.state !== 'error') return
      setStack((s) => retryFrame(s, top.key))
      load(top.key, top.payload)
    },
  }
}

/**
 * Where a merged card (in the chat or inside the viewer) opens: the viewer of the chat page shown
 * last (a mini-program keeps pages below in its stack mounted). No viewer: nothing happens.
 */
const openers: ((payload: MergerCard) => void)[] = []

export function openMerged(payload: MergerCard): void {
  openers[openers.length - 1]?.(payload)
}
