import { View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import LoginRequired from '@/components/LoginRequired'
import PagedList from '@/components/PagedList'
import FeedbackItem from '@/features/social/components/FeedbackItem'
import { useFeedbackList } from '@/features/social/useFeedbackList'
import { useStores } from '@/stores'
import './feedbackList.scss'

/** My suggestions and complaints, newest first: status, the reply if any; deletable. */
function FeedbackListPage() {
  const { session } = useStores()
  const { list, remove } = useFeedbackList(session.isLoggedIn)

  if (!session.isLoggedIn) return <LoginRequired kind="feedback" text="登录后查看我的反馈" />

  return (
    <View className="page feedback-list">
      <PagedList
        key={list.generation}
        load={list.load}
        keyOf={(f) => f.id}
        renderItem={(f) =>
          list.hidden.has(f.id) ? null : <FeedbackItem item={f} onDelete={() => void remove(f)} />
        }
        emptyText="还没有提交过投诉或建议"
        emptyKind="feedback"
      />
    </View>
  )
}

export default observer(FeedbackListPage)
