import { Image, Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import LoginRequired from '@/components/LoginRequired'
import PagedList from '@/components/PagedList'
import Tabs from '@/components/Tabs'
import { resolveAssetUrl } from '@/core/assets'
import {
  RECORD_KINDS,
  RECORD_TYPES,
  STATE_FILTERS,
  typeOf,
  useGiftRecords,
  type GiftRecordRow,
} from '@/features/gifts/useGiftRecords'
import { useStores } from '@/stores'
import './giveBook.scss'

/**
 * 我的赠送: gifts from and to friends (收到的 / 送出的), books or documents, by state; a row opens
 * the chat with its card, 查看 what was given.
 */
function GiveBookPage() {
  const { params } = useRouter()
  const { session } = useStores()
  const r = useGiftRecords(typeOf(params.type))

  if (!session.isLoggedIn) return <LoginRequired text="登录后查看赠送记录" />

  const renderRow = (row: GiftRecordRow) => (
    <View className="give-book__row" data-testid="gift-record" onClick={() => r.openChat(row)}>
      {row.cover ? (
        <Image className="give-book__cover" src={resolveAssetUrl(row.cover)} mode="aspectFill" />
      ) : (
        <View className="give-book__cover give-book__cover--none">
          <Text>{row.noun}</Text>
        </View>
      )}
      <View className="give-book__info">
        <Text className="give-book__name">{row.name}</Text>
        <Text className="muted give-book__line">
          {row.who} · {row.time}
        </Text>
        {row.text && <Text className="give-book__text">“{row.text}”</Text>}
      </View>
      <View className="give-book__side">
        <Text className={`give-book__state give-book__state--${row.state}`}>{row.stateLabel}</Text>
        {row.itemUrl && (
          <Text
            className="link give-book__open"
            onClick={(e) => {
              e.stopPropagation()
              r.openItem(row)
            }}
          >
            查看
          </Text>
        )}
      </View>
    </View>
  )

  return (
    <View className="page give-book">
      <Tabs
        titles={RECORD_TYPES.map((t) => t.label)}
        current={RECORD_TYPES.findIndex((t) => t.key === r.type)}
        onChange={(i) => r.setType(RECORD_TYPES[i].key)}
      />
      <View className="give-book__filters">
        {RECORD_KINDS.map((k) => (
          <Text
            key={k.key}
            className={k.key === r.kind ? 'give-book__chip give-book__chip--on' : 'give-book__chip'}
            data-testid={`gift-kind-${k.key}`}
            onClick={() => r.setKind(k.key)}
          >
            {k.label}
          </Text>
        ))}
      </View>
      <View className="give-book__filters">
        {STATE_FILTERS.map((s) => (
          <Text
            key={String(s.key)}
            className={
              s.key === r.state ? 'give-book__chip give-book__chip--on' : 'give-book__chip'
            }
            data-testid={`gift-state-${s.key}`}
            onClick={() => r.setState(s.key)}
          >
            {s.label}
          </Text>
        ))}
      </View>
      <PagedList
        key={r.listKey}
        load={r.load}
        keyOf={(row) => row.key}
        renderItem={renderRow}
        emptyKind="generic"
        emptyText={r.emptyText}
      />
    </View>
  )
}

export default observer(GiveBookPage)
