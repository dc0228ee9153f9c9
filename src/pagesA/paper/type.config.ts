export default definePageConfig({
  navigationBarTitleText: '报纸分类',
  enablePullDownRefresh: true,
})
