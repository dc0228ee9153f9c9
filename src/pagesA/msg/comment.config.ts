export default definePageConfig({
  navigationBarTitleText: '评论',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
