export default definePageConfig({
  navigationBarTitleText: '首页',
  navigationStyle: 'custom',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
