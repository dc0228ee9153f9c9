export default definePageConfig({
  navigationBarTitleText: '我的书评',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
