export default definePageConfig({
  // Registers onShareAppMessage on the mini-program (the share path keeps the page's parameters).
  enableShareAppMessage: true,
  navigationBarTitleText: '文档阅读',
})
