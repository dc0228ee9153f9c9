export default definePageConfig({ navigationBarTitleText: '我的参与', enablePullDownRefresh: true })
