export default definePageConfig({
  navigationBarTitleText: '搜索视频',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
