export default definePageConfig({
  navigationBarTitleText: '专辑详情',
})
