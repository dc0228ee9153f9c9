export default definePageConfig({
  navigationBarTitleText: '书库',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
