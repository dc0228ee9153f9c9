/**
 * The notes page's logic: my highlights and notes (one book's in text order, or across books most
 * recent first), with editing a note, deleting (after a confirmation) and sharing to the feed.
 */
import { useRef, useState } from 'react'
import { useLiveList } from '@/components/PagedList/useLiveList'
import { usePagedListHandle } from '@/components/PagedList/usePagedListHandle'
import { toast } from '@/core/toast'
import { useConfirmedRemoval } from '@/core/useConfirmedRemoval'
import { useStores } from '@/stores'
import type { Highlight } from '@/types/api/annotations'
import { deleteHighlight, highlightList, updateHighlight } from './api'
import { shareNote } from './shareNote'

export const NOTES_PAGE_SIZE = 20

export function useNotes(booksId: number | undefined, active: boolean) {
  const { feed } = useStores()
  // Notes are written in the reader: follow them when this page is shown again.
  const list = useLiveList<Highlight>({
    fetchPage: (page) => highlightList({ booksId, page, pageSize: NOTES_PAGE_SIZE }),
    pageSize: NOTES_PAGE_SIZE,
    keyOf: (h) => h.id,
    versionOf: (h) => h.updatedAt,
    active,
  })
  const rows = usePagedListHandle<Highlight>()
  const [editing, setEditing] = useState<Highlight | null>(null)
  const [saving, setSaving] = useState(false)
  const sharing = useRef(new Set<number>())

  const replace = (saved: Highlight) =>
    rows.update(
      (h) => h.id === saved.id,
      () => saved,
    )

  const removal = useConfirmedRemoval<Highlight>({
    key: (h) => h.id,
    ask: (h) => ({
      title: '删除划线',
      content: h.note ? '这条划线和它的想法都会删除，删除后无法恢复。' : '确定删除这条划线吗？',
      confirmText: '删除',
    }),
    remove: (h) => deleteHighlight(h.id),
    removed: (h) => list.remove(h.id),
    doneText: '已删除',
  })

  const saveNote = async (note: string) => {
    if (!editing || saving) return
    setSaving(true)
    try {
      replace(await updateHighlight({ id: editing.id, note }))
      setEditing(null)
      toast(note ? '想法已保存' : '想法已清除')
    } catch {
      // the request layer has shown why
    } finally {
      setSaving(false)
    }
  }

  /** Shares to the feed (asked first, unless it was shared before), then offers to open the post. */
  const share = async (h: Highlight) => {
    if (sharing.current.has(h.id)) return
    sharing.current.add(h.id)
    try {
      const post = await shareNote(h, feed)
      if (post) replace({ ...h, postId: post.id })
    } finally {
      sharing.current.delete(h.id)
    }
  }

  return {
    list,
    handle: rows.ref,
    editing,
    saving,
    edit: (h: Highlight) => setEditing(h),
    cancelEdit: () => setEditing(null),
    saveNote,
    remove: removal.run,
    share,
  }
}
