export default definePageConfig({
  navigationBarTitleText: '文档分类',
  enablePullDownRefresh: true,
})
