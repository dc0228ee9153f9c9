export default definePageConfig({
  // Registers onShareAppMessage on the mini-program (the share path keeps the page's parameters).
  enableShareAppMessage: true,
  // The page is titled with the video's title once it has loaded.
  navigationBarTitleText: '播放',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
