export default definePageConfig({
  navigationBarTitleText: '活动',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
  enableShareAppMessage: true,
})
