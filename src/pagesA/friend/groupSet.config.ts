export default definePageConfig({
  navigationBarTitleText: '群管理',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
