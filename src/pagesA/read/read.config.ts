export default definePageConfig({
  navigationBarTitleText: '阅读',
  navigationStyle: 'custom',
  disableScroll: true,
})
