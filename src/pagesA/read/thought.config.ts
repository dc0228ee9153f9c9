export default definePageConfig({
  navigationBarTitleText: '我的读后感',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
