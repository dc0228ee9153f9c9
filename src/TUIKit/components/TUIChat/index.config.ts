export default definePageConfig({
  navigationBarTitleText: '聊天',
  disableScroll: true,
})
