/**
 * Every page path of src/app.config.ts, named once. Pages, features and links build URLs from
 * these (`pageUrl(Route.read, { id })`), never from raw strings.
 */
export const Route = {
  home: '/pages/index/index',
  friend: '/pages/friend/index',
  report: '/pages/report/index',
  mine: '/pages/mine/index',
  login: '/pages/public/login',
  loginByWx: '/pages/public/loginByWx',
  register: '/pages/public/register',
  findPwd: '/pages/public/findPwd',
  bindID: '/pages/public/bindID',
  richText: '/pages/public/richText',
  notFound: '/pages/public/notFound',
  activity: '/pages/webview/activity',

  changePhone: '/pagesA/mine/changePhone',
  changePwd: '/pagesA/mine/changePwd',
  mineFindPwd: '/pagesA/mine/findPwd',
  account: '/pagesA/mine/account',
  setCenter: '/pagesA/mine/setCenter',
  userCenter: '/pagesA/mine/userCenter',
  ewm: '/pagesA/mine/ewm',
  readTime: '/pagesA/mine/readTime',
  rankTop: '/pagesA/mine/rankTop',
  mineFeedback: '/pagesA/mine/feedback',
  feedbackList: '/pagesA/mine/feedbackList',

  bookType: '/pagesA/book/type',
  bookList: '/pagesA/book/list',
  bookCase: '/pagesA/book/case',
  bookSearch: '/pagesA/book/search',

  readDetail: '/pagesA/read/detail',
  read: '/pagesA/read/read',
  listen: '/pagesA/read/listen',
  thought: '/pagesA/read/thought',
  addThought: '/pagesA/read/addThought',
  notes: '/pagesA/read/notes',

  collectBook: '/pagesA/collect/book',
  collectDoc: '/pagesA/collect/doc',
  collectPaper: '/pagesA/collect/paper',
  collectMaga: '/pagesA/collect/maga',

  fileType: '/pagesA/file/type',
  fileList: '/pagesA/file/list',
  fileDetail: '/pagesA/file/detail',
  docReader: '/pagesA/public/webview',
  myDoc: '/pagesA/mine/myDoc',
  addDoc: '/pagesA/mine/addDoc',
  addMyDoc: '/pagesA/mine/addMyDoc',
  myVideo: '/pagesA/mine/myVideo',
  addVideo: '/pagesA/mine/addVideo',
  addAlbum: '/pagesA/mine/addAlbum',
  albumDetail: '/pagesA/mine/albumDetail',
  verify: '/pagesA/mine/verify',

  magaType: '/pagesA/maga/type',
  magaList: '/pagesA/maga/list',
  magaDetail: '/pagesA/maga/detail',
  magaRead: '/pagesA/maga/read',
  magaAdd: '/pagesA/maga/add',
  paperType: '/pagesA/paper/type',
  paperList: '/pagesA/paper/list',
  paperDetail: '/pagesA/paper/detail',
  paperRead: '/pagesA/paper/read',
  paperAdd: '/pagesA/paper/add',

  videoType: '/pagesA/video/type',
  videoChannel: '/pagesA/video/video',
  videoAlbum: '/pagesA/video/album',
  videoPlay: '/pagesA/video/play',
  videoSearch: '/pagesA/video/search',

  reportDetail: '/pagesA/report/detail',
  plDetail: '/pagesA/report/plDetail',
  reportCompose: '/pagesA/report/report',
  reportUser: '/pagesA/report/user',

  userDetail: '/pagesA/friend/userDetail',
  fellowList: '/pagesA/friend/fellowList',
  friendFeedback: '/pagesA/friend/feedback',
  blockList: '/pagesA/friend/blockList',
  friendList: '/pagesA/friend/friend',
  friendDetail: '/pagesA/friend/friendDetail',
  friendReport: '/pagesA/friend/report',
  addFriendByCode: '/pagesA/friend/addFriendByCode',
  addFriendByAddress: '/pagesA/friend/addFriendByAddress',
  selectFriend: '/pagesA/friend/selectFriend',
  group: '/pagesA/friend/group',
  groupDetail: '/pagesA/friend/groupDetail',
  groupDetailEdit: '/pagesA/friend/groupDetailEdit',
  groupDetailOpen: '/pagesA/friend/groupDetailOpen',
  groupMember: '/pagesA/friend/groupMember',
  groupSet: '/pagesA/friend/groupSet',
  selectGroup: '/pagesA/friend/selectGroup',
  selectBook: '/pagesA/friend/selectBook',
  selectDoc: '/pagesA/friend/selectDoc',
  selectMaga: '/pagesA/friend/selectMaga',
  selectPaper: '/pagesA/friend/selectPaper',
  giveBook: '/pagesA/mine/giveBook',

  msg: '/pagesA/msg/msg',
  notice: '/pagesA/msg/notice',
  comment: '/pagesA/msg/comment',
  likes: '/pagesA/msg/likes',
  myFellow: '/pagesA/msg/myFellow',

  shop: '/pagesA/shop/shop',
  myOrder: '/pagesA/mine/myOrder',
  conversion: '/pagesA/mine/conversion',

  proxyRichtext: '/pagesB/proxy/richtext',
  proxyIndex: '/pagesB/proxy/index',
  proxyApply: '/pagesB/proxy/apply',
  proxyMember: '/pagesB/proxy/member',
  proxyOrder: '/pagesB/proxy/order',
  proxyMoney: '/pagesB/proxy/money',
  proxyCoupon: '/pagesB/proxy/coupon',
  proxyCouponLog: '/pagesB/proxy/couponLog',
  proxyMsg: '/pagesB/proxy/msg',
  proxyMsgDetail: '/pagesB/proxy/msgDetail',
  proxyInfo: '/pagesB/proxy/info',
  proxySet: '/pagesB/proxy/set',
  proxyPoster: '/pagesB/proxy/poster',
  activityList: '/pagesB/activity/list',
  activityDesc: '/pagesB/activity/desc',
  activityRule: '/pagesB/activity/rule',
  voteItem: '/pagesB/activity/detail',
  activityPost: '/pagesB/activity/post',
  activityMine: '/pagesB/activity/myInfo',
  chatWebView: '/TUIKit/components/TUIChat/web-view',
  chat: '/TUIKit/components/TUIChat/index',
  chatVideoPlay: '/TUIKit/components/TUIChat/video-play',
  conversations: '/TUIKit/components/TUIConversation/index',
} as const

export type RouteName = keyof typeof Route
export type RoutePath = (typeof Route)[RouteName]

export type PageQuery = Record<string, string | number | boolean | undefined | null>

/** `route?a=1&b=x`: undefined and null values are left out, names and values are URL-encoded. */
export function pageUrl(route: RoutePath, query?: PageQuery): string {
  if (!query) return route
  const parts: string[] = []
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue
    parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
  }
  return parts.length > 0 ? `${route}?${parts.join('&')}` : route
}

/** A page's query parameter as sent (pageUrl encodes it), decoded; a malformed one is taken as it is. */
export function pageParam(raw: string | undefined): string {
  if (!raw) return ''
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw
  }
}
