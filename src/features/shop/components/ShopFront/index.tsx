import { ScrollView, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import PagedList from '@/components/PagedList'
import SearchBar from '@/components/SearchBar'
import { ShopLimits } from '@rules/shop'
import { shopUrl } from '../../links'
import { KIND_FILTERS, useShop } from '../../useShop'
import { useRowWindow } from '@/components/PagedList/useRowWindow'
import ProductCard, { PRODUCT_CARD_HEIGHT, ProductCardSpacer } from '../ProductCard'
import './index.scss'

const open = (id: number) => void Taro.navigateTo({ url: shopUrl(id) })

/** The shop's front: search, the hot products, then every product of a kind, page by page. */
export default function ShopFront() {
  const shop = useShop()
  const rows = useRowWindow(PRODUCT_CARD_HEIGHT)
  return (
    <View className="page shop-front">
      <SearchBar
        value={shop.draft}
        placeholder="搜索图书或好物"
        maxlength={ShopLimits.keywordMaxChars}
        testId="shop-search-go"
        onInput={shop.setDraft}
        onSearch={() => shop.search(shop.draft)}
      />
      {shop.error !== '' && <Text className="shop-front__error">{shop.error}</Text>}
      {shop.keyword === '' && shop.hot.length > 0 && (
        <View className="shop-front__hot">
          <Text className="shop-front__heading">热门推荐</Text>
          <ScrollView className="shop-front__hot-row" scrollX>
            <View className="shop-front__hot-inner">
              {shop.hot.map((product) => (
                <ProductCard
                  key={product.id}
                  product={product}
                  tile
                  onOpen={() => open(product.id)}
                />
              ))}
            </View>
          </ScrollView>
        </View>
      )}
      <View className="shop-front__kinds">
        <Text className="shop-front__heading">
          {shop.keyword ? `“${shop.keyword}”的搜索结果` : '全部商品'}
        </Text>
        <View className="shop-front__chips">
          {KIND_FILTERS.map((k) => (
            <Text
              key={k.key}
              className={
                k.key === shop.kind ? 'shop-front__chip shop-front__chip--on' : 'shop-front__chip'
              }
              data-testid={`shop-kind-${k.key}`}
              onClick={() => shop.setKind(k.key)}
            >
              {k.label}
            </Text>
          ))}
        </View>
      </View>
      <PagedList
        key={shop.listKey}
        load={shop.load}
        keyOf={(product) => product.id}
        renderItem={(product, i) =>
          rows.shown(i) ? (
            <ProductCard product={product} onOpen={() => open(product.id)} />
          ) : (
            <ProductCardSpacer />
          )
        }
        emptyText={shop.keyword ? `没有找到“${shop.keyword}”相关的商品` : '暂时没有商品'}
        emptyKind={shop.keyword ? 'search' : 'generic'}
      />
    </View>
  )
}
