export default definePageConfig({
  navigationBarTitleText: '收藏的报纸',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
