export default definePageConfig({
  navigationBarTitleText: '添加书友',
})
