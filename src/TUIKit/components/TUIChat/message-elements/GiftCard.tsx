import { Image, Text, View } from '@tarojs/components'
import { resolveAssetUrl } from '@/core/assets'
import { giftNoun, giftStatusText } from '@/features/gifts/card'
import { useGiftCard, type ModifyMessage } from '@/features/gifts/useGiftCard'
import type { Message } from '@/TUIKit/engine/types'
import { GiftText } from '@rules/gifts'

/** Covers shown side by side on a card of several books. */
const COVERS_SHOWN = 3

/**
 * A gift card (giveBook / sendDoc): cover(s), name(s), the giver's words; the giver sees
 * 等待对方接收 while it waits, the receiver 接受 / 拒绝; both see 已接受 / 已拒绝 after. A tap on
 * the card opens what was given.
 */
export default function GiftCard({ message, modify }: { message: Message; modify: ModifyMessage }) {
  const gift = useGiftCard(message, modify)
  const card = gift.card
  if (!card) return null
  const status = giftStatusText(card.state, message.flow === 'out')
  const names = card.items.map((i) => i.name).filter(Boolean)
  const title =
    card.kind === 'book'
      ? `赠书${card.items.length > 1 ? `（${card.items.length}本）` : ''}`
      : `赠送${giftNoun(card)}`
  return (
    <View className="msg-gift" data-testid="msg-gift" data-kind={card.kind} data-state={card.state}>
      <View className="msg-gift__body" data-testid="gift-open" onClick={gift.open}>
        <View className="msg-gift__covers">
          {card.items.slice(0, COVERS_SHOWN).map((item, i) =>
            item.cover ? (
              <Image
                key={`${item.id}-${i}`}
                className="msg-gift__cover"
                src={resolveAssetUrl(item.cover)}
                mode="aspectFill"
              />
            ) : (
              <View key={`${item.id}-${i}`} className="msg-gift__cover msg-gift__cover--none">
                <Text>{giftNoun(card)}</Text>
              </View>
            ),
          )}
        </View>
        <View className="msg-gift__info">
          <Text className="msg-gift__title">🎁 {title}</Text>
          <Text className="msg-gift__name" data-testid="gift-name">
            {names.join('、') || giftNoun(card)}
          </Text>
          {card.text && (
            <Text className="msg-gift__text" data-testid="gift-text">
              {card.text}
            </Text>
          )}
        </View>
      </View>
      <View className="msg-gift__foot">
        {gift.canSettle ? (
          <View className="msg-gift__actions">
            <Text
              className="msg-gift__btn msg-gift__btn--plain"
              data-testid="gift-refuse"
              onClick={gift.refuse}
            >
              {GiftText.refuse}
            </Text>
            <Text className="msg-gift__btn" data-testid="gift-accept" onClick={gift.accept}>
              {GiftText.accept}
            </Text>
          </View>
        ) : (
          <Text
            className={`msg-gift__status msg-gift__status--${card.state}`}
            data-testid="gift-status"
          >
            {status ?? ''}
          </Text>
        )}
      </View>
    </View>
  )
}
