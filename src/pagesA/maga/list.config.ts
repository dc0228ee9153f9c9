export default definePageConfig({
  navigationBarTitleText: '杂志',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
