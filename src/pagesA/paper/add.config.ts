export default definePageConfig({
  navigationBarTitleText: '上传报纸',
})
