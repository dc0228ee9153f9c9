export default definePageConfig({ navigationBarTitleText: '更换手机号' })
