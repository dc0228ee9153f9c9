export default definePageConfig({ navigationBarTitleText: '账号与安全' })
