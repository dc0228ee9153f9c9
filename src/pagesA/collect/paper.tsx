import { CollectedList } from '@/features/collections/public'

/** 收藏的报纸: the shared collected list (features/collections). */
export default function CollectedPaperPage() {
  return <CollectedList kind="paper" />
}
