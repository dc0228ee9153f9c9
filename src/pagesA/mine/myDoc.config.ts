export default definePageConfig({
  navigationBarTitleText: '我的文档',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
