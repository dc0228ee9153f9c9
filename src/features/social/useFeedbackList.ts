/**
 * My suggestions and complaints as a live list (written on the feedback page, replied to by the
 * operators: followed when the page is shown again), and deleting one after asking.
 */
import { useLiveList } from '@/components/PagedList/useLiveList'
import type { Feedback } from '@/types/api/social'
import { deleteFeedback, fetchMyFeedback } from './api'
import { feedbackTypeLabel } from './feedback'
import { useConfirmedRemoval } from '@/core/useConfirmedRemoval'

const PAGE_SIZE = 10

export function useFeedbackList(loggedIn: boolean) {
  const list = useLiveList<Feedback>({
    fetchPage: (page) => fetchMyFeedback(page, PAGE_SIZE),
    pageSize: PAGE_SIZE,
    keyOf: (f) => f.id,
    versionOf: (f) => `${f.status}|${f.reply}`,
    active: loggedIn,
  })

  const removal = useConfirmedRemoval<Feedback>({
    key: (f) => f.id,
    ask: (f) => ({
      title: '删除反馈',
      content: `确定删除这条${feedbackTypeLabel(f.type)}吗？删除后无法恢复。`,
      confirmText: '删除',
    }),
    remove: (f) => deleteFeedback(f.id),
    removed: (f) => list.remove(f.id),
    doneText: '已删除',
  })
  const remove = removal.run

  return { list, remove }
}
