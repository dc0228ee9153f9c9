export default definePageConfig({ navigationBarTitleText: '报名' })
