export default definePageConfig({ navigationBarTitleText: '吧主资料', enablePullDownRefresh: true })
