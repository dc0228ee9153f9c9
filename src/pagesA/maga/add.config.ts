export default definePageConfig({
  navigationBarTitleText: '上传杂志',
})
