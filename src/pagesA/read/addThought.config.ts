export default definePageConfig({ navigationBarTitleText: '写读后感' })
