export default definePageConfig({ navigationBarTitleText: '微信登录' })
