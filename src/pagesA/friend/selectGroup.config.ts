export default definePageConfig({
  navigationBarTitleText: '查找群聊',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
