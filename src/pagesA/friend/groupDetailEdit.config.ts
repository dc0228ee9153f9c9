export default definePageConfig({
  navigationBarTitleText: '编辑群资料',
})
