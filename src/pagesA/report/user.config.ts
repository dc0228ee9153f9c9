export default definePageConfig({
  navigationBarTitleText: '读后感',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
