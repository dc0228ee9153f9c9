import { useRouter } from '@tarojs/taro'
import { pageParam } from '@/core/routes'
import GiftSelect from '@/features/gifts/components/GiftSelect'

/** 赠书: choose what to give the friend `friendId` (or choose the friend), the words, send. */
export default function SelectBookPage() {
  const { params } = useRouter()
  return (
    <GiftSelect
      kind="book"
      friendId={Number(params.friendId) || 0}
      name={pageParam(params.name)}
      from={String(params.from ?? '')}
    />
  )
}
