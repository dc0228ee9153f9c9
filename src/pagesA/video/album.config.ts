export default definePageConfig({
  // The page is titled with the album's title once it has loaded.
  navigationBarTitleText: '专辑',
  enablePullDownRefresh: true,
})
