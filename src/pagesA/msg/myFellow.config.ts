export default definePageConfig({
  navigationBarTitleText: '新增关注',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
