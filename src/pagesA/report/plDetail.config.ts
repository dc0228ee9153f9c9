export default definePageConfig({
  navigationBarTitleText: '评论详情',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
