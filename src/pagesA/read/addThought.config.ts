export default definePageConfig({ navigationBarTitleText: '写书评' })
