import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import Cell from '@/components/Cell'
import { Route } from '@/core/routes'
import { requireLogin } from '@/features/account/public'
import { useStores } from '@/stores'
import { useHighlightCount } from '../count'

/**
 * The mine tab's 我的笔记 row: how many highlights I have, opening the notes page (login first).
 * In the main package: it pulls in only the count call, not the notes page's code.
 */
function NotesCell() {
  const { session } = useStores()
  const count = useHighlightCount(session.isLoggedIn)
  return (
    <Cell
      title="我的笔记"
      value={count ? String(count) : null}
      onClick={() => requireLogin(session, () => void Taro.navigateTo({ url: Route.notes }))}
    />
  )
}

export default observer(NotesCell)
