import { CollectedList } from '@/features/collections/public'

/** 收藏的杂志: the shared collected list (features/collections). */
export default function CollectedMagaPage() {
  return <CollectedList kind="maga" />
}
