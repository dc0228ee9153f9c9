export default definePageConfig({
  navigationBarTitleText: '申请成为吧主',
  enablePullDownRefresh: true,
})
