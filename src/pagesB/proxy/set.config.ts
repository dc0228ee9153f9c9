export default definePageConfig({ navigationBarTitleText: '提现设置', enablePullDownRefresh: true })
