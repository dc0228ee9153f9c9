export default definePageConfig({
  navigationBarTitleText: '书友资料',
  enablePullDownRefresh: true,
})
