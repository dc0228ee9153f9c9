export default definePageConfig({
  navigationBarTitleText: '杂志分类',
  enablePullDownRefresh: true,
})
