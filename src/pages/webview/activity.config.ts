export default definePageConfig({
  navigationBarTitleText: '活动',
  // Registers onShareAppMessage on the mini-program (the share path keeps the url).
  enableShareAppMessage: true,
})
