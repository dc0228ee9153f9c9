export default definePageConfig({
  navigationBarTitleText: '书籍详情',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
