export default definePageConfig({
  navigationBarTitleText: '点赞',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
