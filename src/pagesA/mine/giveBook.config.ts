export default definePageConfig({
  navigationBarTitleText: '我的赠送',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
