export default definePageConfig({
  navigationBarTitleText: '选择赠送的杂志',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
