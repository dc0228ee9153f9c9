import { CollectedList } from '@/features/collections/public'

/** 收藏的文档: the shared collected list (features/collections). */
export default function CollectedDocPage() {
  return <CollectedList kind="doc" />
}
