export default definePageConfig({
  navigationBarTitleText: '群成员',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
