export default definePageConfig({
  navigationBarTitleText: '群聊信息',
  enablePullDownRefresh: true,
})
