export default definePageConfig({
  navigationBarTitleText: '我的书架',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
