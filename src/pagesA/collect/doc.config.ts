export default definePageConfig({
  navigationBarTitleText: '收藏的文档',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
