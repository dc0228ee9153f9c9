export default definePageConfig({
  navigationBarTitleText: '群公告',
  enablePullDownRefresh: true,
})
