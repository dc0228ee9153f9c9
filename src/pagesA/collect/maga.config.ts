export default definePageConfig({
  navigationBarTitleText: '收藏的杂志',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
