export default definePageConfig({
  navigationBarTitleText: '听书',
  // Registers onShareAppMessage on the mini-program (the share path keeps the page's parameters).
  enableShareAppMessage: true,
})
