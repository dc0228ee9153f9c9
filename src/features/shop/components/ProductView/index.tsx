import { Button, Image, Swiper, SwiperItem, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import Empty from '@/components/Empty'
import { resolveAssetUrl } from '@/core/assets'
import { BookVideos } from '@/features/video/public'
import { formatFen, OrderLimits } from '@rules/shop'
import { maxQuantity, useProduct } from '../../useProduct'
import CouponPicker from '../CouponPicker'
import './index.scss'

/** Pure: the gallery: the cover, then the other images, without repeats. */
export const galleryOf = (cover: string, images: readonly string[]): string[] => [
  ...new Set([cover, ...images].filter((url) => url !== '')),
]

/** A product's page: gallery, price, stock, description, my coupon, the quantity and 立即购买. */
export default function ProductView({ id }: { id: number }) {
  const page = useProduct(id)
  const { product } = page
  if (page.error && !product) return <Empty kind="error" text={page.error} />
  if (!product) return <View className="muted product-view__loading">加载中…</View>

  const gallery = galleryOf(product.cover, product.images)
  const max = maxQuantity(product)
  const preview = (url: string) =>
    void Taro.previewImage({
      urls: gallery.map(resolveAssetUrl),
      current: resolveAssetUrl(url),
    }).catch(() => undefined)

  return (
    <View className="page product-view">
      {gallery.length > 0 && (
        <Swiper className="product-view__gallery" indicatorDots={gallery.length > 1} circular>
          {gallery.map((url) => (
            <SwiperItem key={url}>
              <Image
                className="product-view__image"
                src={resolveAssetUrl(url)}
                mode="aspectFit"
                onClick={() => preview(url)}
              />
            </SwiperItem>
          ))}
        </Swiper>
      )}
      <View className="product-view__head">
        <Text className="product-view__price" data-testid="product-price">
          {formatFen(product.priceFen)}
        </Text>
        <Text className="product-view__name">{product.name}</Text>
        <Text className="muted" data-testid="product-stock">
          {product.stock > 0 ? `库存 ${product.stock}` : '已售罄'} · 已售 {product.sales}
          {product.kind === 'book' ? ' · 图书（可赠送好友）' : ''}
        </Text>
      </View>
      {product.book && (
        <View className="product-view__book">
          <Text className="muted">书籍</Text>
          <Text className="product-view__book-name">
            《{product.book.name}》{product.book.author}
          </Text>
        </View>
      )}
      {product.description !== '' && (
        <View className="product-view__desc">
          <Text className="product-view__heading">商品介绍</Text>
          {product.description
            .split('\n')
            .filter((p) => p.trim() !== '')
            .map((p, i) => (
              <Text key={`d${i}`} className="product-view__para">
                {p}
              </Text>
            ))}
        </View>
      )}
      {product.book && <BookVideos bookId={product.book.id} />}
      <CouponPicker picker={page.coupons} />
      <View className="product-view__bar">
        <View className="product-view__qty">
          <Text
            className="product-view__step"
            data-testid="qty-minus"
            onClick={() => page.setQuantity(page.quantity - 1)}
          >
            －
          </Text>
          <Text className="product-view__count" data-testid="qty">
            {page.quantity}
          </Text>
          <Text
            className="product-view__step"
            data-testid="qty-plus"
            onClick={() => page.setQuantity(page.quantity + 1)}
          >
            ＋
          </Text>
        </View>
        <Button
          className={page.blocked || page.paying ? 'product-view__buy is-off' : 'product-view__buy'}
          data-testid="product-buy"
          onClick={page.buy}
        >
          {page.blocked ?? (page.paying ? '支付中…' : `立即购买 ${formatFen(page.coupons.payFen)}`)}
        </Button>
      </View>
      <Text className="muted product-view__note">
        每单最多{Math.min(OrderLimits.maxQuantity, Math.max(max, 1))}件，下单后
        {OrderLimits.payMinutes}分钟内未支付将自动取消
      </Text>
    </View>
  )
}
