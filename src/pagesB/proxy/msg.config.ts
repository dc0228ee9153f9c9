export default definePageConfig({
  navigationBarTitleText: '通知',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
