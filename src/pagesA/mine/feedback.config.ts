export default definePageConfig({ navigationBarTitleText: '投诉与建议' })
