export default definePageConfig({ navigationBarTitleText: '吧主中心', enablePullDownRefresh: true })
