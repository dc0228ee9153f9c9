export default definePageConfig({
  navigationBarTitleText: '阅读排行',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
