export default definePageConfig({
  navigationBarTitleText: '作品详情',
  enablePullDownRefresh: true,
  enableShareAppMessage: true,
})
