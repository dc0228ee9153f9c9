export default definePageConfig({
  // Registers onShareAppMessage on the mini-program (the share path keeps the page's parameters).
  enableShareAppMessage: true,
  // The page is titled with the channel's name once it has loaded.
  navigationBarTitleText: '视频',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
