export default definePageConfig({
  navigationBarTitleText: '我的会员',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
