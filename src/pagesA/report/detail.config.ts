export default definePageConfig({
  navigationBarTitleText: '读后感详情',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
  // Registers onShareAppMessage on the mini-program (the share path keeps the post id).
  enableShareAppMessage: true,
})
