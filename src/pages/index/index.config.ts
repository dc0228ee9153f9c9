export default definePageConfig({
  // Registers onShareAppMessage on the mini-program (the share path keeps the page's parameters).
  enableShareAppMessage: true,
  navigationBarTitleText: '首页',
  navigationStyle: 'custom',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
