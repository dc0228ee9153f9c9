import { Image, Text, View } from '@tarojs/components'
import { resolveAssetUrl } from '@/core/assets'
import type { Product } from '@/types/api/shop'
import { formatFen } from '@rules/shop'
import './index.scss'

/** A list row's height in design px (index.scss): the shop's list draws only rows near the view. */
export const PRODUCT_CARD_HEIGHT = 248

interface Props {
  product: Product
  onOpen: () => void
  /** A tile of the hot row instead of a list row. */
  tile?: boolean
}

/** A product: cover, name, price from fen, and sold out or the sales. */
export default function ProductCard({ product, onOpen, tile = false }: Props) {
  const base = tile ? 'product-tile' : 'product-card'
  return (
    <View className={base} data-testid={`product-${product.id}`} onClick={onOpen}>
      <View className={`${base}__cover`}>
        {product.cover !== '' && (
          <Image
            className={`${base}__image`}
            src={resolveAssetUrl(product.cover)}
            mode="aspectFill"
            lazyLoad
          />
        )}
      </View>
      <View className={`${base}__body`}>
        <Text className={`${base}__name`}>{product.name}</Text>
        <View className={`${base}__foot`}>
          <Text className={`${base}__price`}>{formatFen(product.priceFen)}</Text>
          <Text className={`${base}__meta`}>
            {product.stock > 0 ? `已售${product.sales}` : '已售罄'}
          </Text>
        </View>
      </View>
    </View>
  )
}

/** What stands in for a list row out of view: as tall as one. */
export function ProductCardSpacer() {
  return <View className="product-card product-card--spacer" />
}
