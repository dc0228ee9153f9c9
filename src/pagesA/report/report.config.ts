export default definePageConfig({ navigationBarTitleText: '发表读后感' })
