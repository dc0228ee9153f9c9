export default definePageConfig({ navigationBarTitleText: '我的二维码' })
