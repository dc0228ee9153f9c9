export default definePageConfig({
  navigationBarTitleText: '文档库',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
