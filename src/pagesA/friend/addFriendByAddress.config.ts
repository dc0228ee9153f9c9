export default definePageConfig({
  navigationBarTitleText: '附近的书友',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
