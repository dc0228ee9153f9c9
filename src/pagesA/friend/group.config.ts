export default definePageConfig({
  navigationBarTitleText: '我的群聊',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
