export default definePageConfig({
  navigationBarTitleText: '兑换中心',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
