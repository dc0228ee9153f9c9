export default definePageConfig({
  navigationBarTitleText: '视频频道',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
