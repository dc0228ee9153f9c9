export default definePageConfig({
  navigationBarTitleText: '活动详情',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
  enableShareAppMessage: true,
})
