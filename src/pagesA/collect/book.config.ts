export default definePageConfig({
  navigationBarTitleText: '收藏的书',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
