export default definePageConfig({
  navigationBarTitleText: '优惠券',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
