export default definePageConfig({
  navigationBarTitleText: '发券记录',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
