export default definePageConfig({
  navigationBarTitleText: '选择书友',
  enablePullDownRefresh: true,
  onReachBottomDistance: 100,
})
