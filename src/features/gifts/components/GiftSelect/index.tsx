import { Button, Image, Text, Textarea, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import LoginRequired from '@/components/LoginRequired'
import PagedList from '@/components/PagedList'
import { resolveAssetUrl } from '@/core/assets'
import { useStores } from '@/stores'
import { GiftLimits } from '@rules/gifts'
import type { GiftKind } from '../../links'
import {
  GIFT_EMPTY_TEXT,
  GIFT_KIND_NOUN,
  useGiftSelect,
  type GiftChoice,
} from '../../useGiftSelect'
import './index.scss'

interface Props {
  kind: GiftKind
  friendId: number
  name: string
  /** 'chat': opened from a chat's tools, which is shown again after sending. */
  from: string
}

/** Choose what to give a friend, the words, and send (the four select pages). */
function GiftSelect({ kind, friendId, name, from }: Props) {
  const { session } = useStores()
  const g = useGiftSelect(kind, { friendId, name, from })
  const noun = GIFT_KIND_NOUN[kind]
  if (!session.isLoggedIn) return <LoginRequired kind="people" text={`登录后赠送${noun}给书友`} />

  const renderRow = (row: GiftChoice) => {
    const on = g.selected.includes(row.id)
    return (
      <View
        className={row.off ? 'gift-pick__row gift-pick__row--off' : 'gift-pick__row'}
        data-testid={`gift-item-${row.id}`}
        onClick={() => g.toggle(row)}
      >
        <View className={on ? 'gift-pick__box gift-pick__box--on' : 'gift-pick__box'}>
          {on ? '✓' : ''}
        </View>
        {row.cover ? (
          <Image className="gift-pick__cover" src={resolveAssetUrl(row.cover)} mode="aspectFill" />
        ) : (
          <View className="gift-pick__cover gift-pick__cover--none">
            <Text>{noun}</Text>
          </View>
        )}
        <View className="gift-pick__info">
          <Text className="gift-pick__name">{row.name}</Text>
          {row.note && <Text className="muted gift-pick__note">{row.note}</Text>}
        </View>
        {row.off && <Text className="gift-pick__tag">{row.off}</Text>}
      </View>
    )
  }

  return (
    <View className="page gift-pick">
      <View className="gift-pick__to" data-testid="gift-friend">
        <Text className="muted">赠送给</Text>
        {g.hasFriend ? (
          <Text className="gift-pick__friend">{g.friendName || '书友'}</Text>
        ) : (
          <Text className="link" data-testid="gift-choose-friend" onClick={g.chooseFriend}>
            选择书友 ›
          </Text>
        )}
      </View>
      <Text className="gift-pick__title">
        {kind === 'book' ? `选择要赠送的书（最多${GiftLimits.booksMax}本）` : `选择要赠送的${noun}`}
      </Text>
      <PagedList
        load={g.load}
        keyOf={(row) => row.id}
        renderItem={renderRow}
        emptyText={GIFT_EMPTY_TEXT[kind]}
        emptyKind="generic"
      />
      <View className="gift-pick__bar">
        <View className="gift-pick__words">
          <Textarea
            className="gift-pick__text"
            value={g.text}
            maxlength={GiftLimits.textMaxChars}
            placeholder="写一句赠言（选填，50字以内）"
            data-testid="gift-words"
            onInput={(e) => g.setText(e.detail.value)}
          />
          <Text
            className={g.textLeft < 0 ? 'gift-pick__left gift-pick__left--over' : 'gift-pick__left'}
          >
            {g.textLeft}
          </Text>
        </View>
        {g.error && (
          <Text className="gift-pick__error" data-testid="gift-error">
            {g.error}
          </Text>
        )}
        <View className="gift-pick__send-row">
          <Text className="gift-pick__chosen">
            {g.selected.length > 0 ? `已选：${g.selectedNames.join('、')}` : `请选择${noun}`}
          </Text>
          <Button
            className="btn-primary gift-pick__send"
            data-testid="gift-send"
            loading={g.busy}
            onClick={g.send}
          >
            赠送{g.selected.length > 1 ? `(${g.selected.length})` : ''}
          </Button>
        </View>
      </View>
    </View>
  )
}

export default observer(GiftSelect)
