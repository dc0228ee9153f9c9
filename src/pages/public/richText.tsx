import { useRouter } from '@tarojs/taro'
import SpecialPage from '@/features/account/SpecialPage'

export default function RichTextPage() {
  const { params } = useRouter()
  return <SpecialPage id={params.id || 'agreement'} />
}
