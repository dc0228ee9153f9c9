export default definePageConfig({
  navigationBarTitleText: '阅读时长',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
