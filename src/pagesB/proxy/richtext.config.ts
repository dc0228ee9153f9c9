export default definePageConfig({ navigationBarTitleText: '吧主协议' })
