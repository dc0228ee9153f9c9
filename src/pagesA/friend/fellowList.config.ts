export default definePageConfig({
  navigationBarTitleText: '关注与粉丝',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
