export default definePageConfig({
  navigationBarTitleText: '审核未通过',
})
