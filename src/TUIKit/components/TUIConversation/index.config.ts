export default definePageConfig({
  navigationBarTitleText: '会话',
  enablePullDownRefresh: true,
})
