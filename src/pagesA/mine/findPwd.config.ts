export default definePageConfig({ navigationBarTitleText: '忘记登录密码' })
