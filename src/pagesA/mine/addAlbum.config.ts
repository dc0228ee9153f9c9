export default definePageConfig({
  navigationBarTitleText: '新建专辑',
})
