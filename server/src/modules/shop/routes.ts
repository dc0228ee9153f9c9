import { shopApi } from '@api/shop'
import { Answer } from '../../http/envelope'
import { addressKey } from '../../http/addressKey'
import { serve } from '../../http/serve'
import { cancelOrder, createOrder, myBookCopies, orderDetail, orderList, payOrder } from './orders'
import { listPosters } from './posters'
import { hotProducts, productInfo, saveProduct, searchProducts } from './products'
import { createRedeemCodes, redeemCode, redeemList } from './redeem'
import { refundOrder } from './refund'
import { remoteToken } from './remoteToken'
import { shopPaging as pages } from './rows'

export const shopRoutes = serve(shopApi, {
  posterList: ({ app }) => listPosters(app.db),
  hotProducts: ({ app }) => hotProducts(app),
  searchProducts: ({ app, input }) => searchProducts(app, input, pages(input)),
  productInfo: ({ app, caller, input }) => productInfo(app, caller, input.id),
  remoteToken: ({ app, caller }) => remoteToken(app, caller),
  createOrder: async ({ app, caller, input }) =>
    new Answer(await createOrder(app, caller, input), '下单成功，请支付'),
  payOrder: ({ app, caller, input }) => payOrder(app, caller, input),
  cancelOrder: async ({ app, caller, input }) =>
    new Answer(await cancelOrder(app, caller, input.id), '订单已取消'),
  refundOrder: async ({ app, caller, input }) =>
    new Answer(await refundOrder(app, caller, input.id), '已退款'),
  orderList: ({ app, caller, input }) => orderList(app, caller, input.state ?? 'all', pages(input)),
  orderDetail: ({ app, caller, input }) => orderDetail(app, caller, input.id),
  bookCopies: ({ app, caller, input }) => myBookCopies(app, caller, pages(input)),
  redeemCode: async ({ app, caller, input, req }) =>
    new Answer(await redeemCode(app, caller, addressKey(req.ip), input.code), '兑换成功'),
  redeemList: ({ app, caller, input }) => redeemList(app, caller, pages(input)),
  createRedeemCodes: async ({ app, caller, input }) =>
    new Answer(await createRedeemCodes(app, caller, input), '兑换码已生成'),
  saveProduct: async ({ app, caller, input }) =>
    new Answer(await saveProduct(app, caller, input), '已保存'),
})
