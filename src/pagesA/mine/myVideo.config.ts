export default definePageConfig({
  navigationBarTitleText: '我的视频',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
