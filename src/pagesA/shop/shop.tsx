import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import ProductView from '@/features/shop/components/ProductView'
import ShopFront from '@/features/shop/components/ShopFront'

/** 商城: the shop's front (hot products, search), or with `id` a product's page with 立即购买. */
function ShopPage() {
  const { params } = useRouter()
  const id = Number(params.id)
  return Number.isInteger(id) && id > 0 ? <ProductView id={id} /> : <ShopFront />
}

export default observer(ShopPage)
