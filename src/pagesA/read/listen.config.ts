export default definePageConfig({ navigationBarTitleText: '听书' })
