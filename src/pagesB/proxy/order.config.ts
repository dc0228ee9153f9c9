export default definePageConfig({
  navigationBarTitleText: '会员订单',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
