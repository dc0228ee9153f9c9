export default definePageConfig({
  navigationBarTitleText: '活动规则',
  enablePullDownRefresh: true,
  enableShareAppMessage: true,
})
