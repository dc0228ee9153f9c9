export default definePageConfig({
  navigationBarTitleText: '上传文档',
})
