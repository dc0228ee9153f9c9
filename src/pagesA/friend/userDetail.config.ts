export default definePageConfig({
  navigationBarTitleText: '书友',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
  // Registers onShareAppMessage on the mini-program (the share path keeps the user id).
  enableShareAppMessage: true,
})
