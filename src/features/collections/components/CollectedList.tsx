import { Image, Text, View, type ITouchEvent } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import LoginRequired from '@/components/LoginRequired'
import PagedList from '@/components/PagedList'
import { resolveAssetUrl } from '@/core/assets'
import { Route } from '@/core/routes'
import { formatMessageTime } from '@/core/time'
import { DocThumb } from '@/features/documents/public'
import { useStores } from '@/stores'
import type { CollectedRow, CollectKind } from '../kinds'
import { useCollectedList } from '../useCollectedList'
import CollectTabs from './CollectTabs'
import './CollectedList.scss'

const ROUTES = { doc: Route.collectDoc, paper: Route.collectPaper, maga: Route.collectMaga }

/**
 * 收藏的文档 / 报纸 / 杂志: one list for the three kinds, with the tabs to the other collection
 * pages; a guest is asked to log in; a row opens the item and 取消收藏 takes it out in place.
 */
function CollectedList({ kind }: { kind: CollectKind }) {
  const { session } = useStores()
  const { config, list, uncollect, removing } = useCollectedList(kind, session.isLoggedIn)

  const renderRow = (row: CollectedRow) => {
    if (list.hidden.has(row.id)) return null
    const onRemove = (e: ITouchEvent) => {
      e.stopPropagation()
      void uncollect(row)
    }
    return (
      <View
        className="collected__item"
        data-testid={`collect-item-${row.id}`}
        hoverClass="collected__item--hover"
        onClick={() => void Taro.navigateTo({ url: config.detailUrl(row.id) })}
      >
        {row.fileType ? (
          <DocThumb thumb={row.cover} fileType={row.fileType} width={112} />
        ) : (
          <View className="collected__cover">
            {row.cover ? (
              <Image
                className="collected__image"
                src={resolveAssetUrl(row.cover)}
                mode="aspectFill"
              />
            ) : (
              <Text className="collected__initial">{[...row.title][0] ?? ''}</Text>
            )}
          </View>
        )}
        <View className="collected__body">
          <Text className="collected__title">{row.title}</Text>
          {row.lines
            .filter((line) => line)
            .map((line) => (
              <Text key={line} className="collected__line">
                {line}
              </Text>
            ))}
          <View className="collected__meta">
            <Text className="muted">收藏于 {formatMessageTime(row.collectedAt * 1000)}</Text>
            <Text
              className={
                removing.has(row.id)
                  ? 'collected__remove collected__remove--busy'
                  : 'collected__remove'
              }
              data-testid={`collect-remove-${row.id}`}
              onClick={onRemove}
            >
              取消收藏
            </Text>
          </View>
        </View>
      </View>
    )
  }

  return (
    <View className="page collected">
      <CollectTabs current={ROUTES[kind]} />
      {session.isLoggedIn ? (
        <PagedList
          key={list.generation}
          load={list.load}
          keyOf={(row) => row.id}
          renderItem={renderRow}
          emptyText={`还没有收藏的${config.noun}，${config.hint}`}
          emptyKind="collect"
        />
      ) : (
        <LoginRequired kind="collect" text={`登录后查看收藏的${config.noun}`} />
      )}
    </View>
  )
}

export default observer(CollectedList)
