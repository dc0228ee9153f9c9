export default definePageConfig({
  navigationBarTitleText: '选择赠送的文档',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
