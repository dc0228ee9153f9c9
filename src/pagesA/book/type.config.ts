export default definePageConfig({
  navigationBarTitleText: '分类',
  enablePullDownRefresh: true,
})
