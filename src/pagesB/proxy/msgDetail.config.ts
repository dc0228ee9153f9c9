export default definePageConfig({ navigationBarTitleText: '通知详情', enablePullDownRefresh: true })
