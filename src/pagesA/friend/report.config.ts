export default definePageConfig({
  navigationBarTitleText: '书友的读后感',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
