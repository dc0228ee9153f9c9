export default definePageConfig({
  navigationBarTitleText: '笔记',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
