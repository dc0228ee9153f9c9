export default definePageConfig({
  navigationBarTitleText: '黑名单',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
