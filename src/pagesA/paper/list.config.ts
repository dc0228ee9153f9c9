export default definePageConfig({
  navigationBarTitleText: '报纸',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
