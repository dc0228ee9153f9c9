export default definePageConfig({
  navigationBarTitleText: '选择赠送的报纸',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
