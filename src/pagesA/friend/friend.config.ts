export default definePageConfig({
  navigationBarTitleText: '我的书友',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
