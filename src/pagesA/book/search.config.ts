export default definePageConfig({
  navigationBarTitleText: '搜索',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
