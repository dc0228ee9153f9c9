export default definePageConfig({
  navigationBarTitleText: '视频',
  navigationBarBackgroundColor: '#000000',
  navigationBarTextStyle: 'white',
})
