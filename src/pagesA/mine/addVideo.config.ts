export default definePageConfig({
  navigationBarTitleText: '发布视频',
})
