export default definePageConfig({
  navigationBarTitleText: '选择赠送的书',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
