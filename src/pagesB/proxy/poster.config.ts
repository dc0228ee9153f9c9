export default definePageConfig({
  navigationBarTitleText: '推广海报',
  enablePullDownRefresh: true,
  enableShareAppMessage: true,
})
