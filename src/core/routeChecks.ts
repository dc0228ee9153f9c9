import type { PageQuery, RouteName } from './routes'

/**
 * What every page must show in the weapp render test (test/e2e/weapp-render.spec.mjs), beside
 * its route in routes.ts: the query it opens with (ids of the seeded demo content: book 1 is 论语,
 * post 5 and its comment 5, reader 2 is 书友小林) and the texts it shows to a guest and to a reader
 * signed in through the login page. A page added to app.config.ts without its entry here fails
 * the typecheck (Route) or the test (app.json). Only the test imports this file.
 */
export interface PageCheck {
  query?: PageQuery
  guest: string[]
  reader: string[]
}

const SIGN_IN = '去登录'

export const routeChecks: Record<RouteName, PageCheck> = {
  home: { guest: ['搜索书名、作者或原文', '推荐好书', '论语'], reader: ['推荐好书', '论语'] },
  friend: {
    guest: ['登录后和书友聊聊读过的书', SIGN_IN],
    reader: ['消息通知', '暂无会话，去添加书友聊聊读过的书吧', '添加书友'],
  },
  report: { guest: ['写', '评论'], reader: ['写', '评论'] },
  mine: { guest: ['点击登录', '我的书架'], reader: ['我的书架', '阅读时长'] },
  login: { guest: ['欢迎回来', '密码登录'], reader: ['欢迎回来'] },
  loginByWx: { guest: ['微信一键登录'], reader: ['微信一键登录'] },
  register: { guest: ['注册并登录'], reader: ['注册并登录'] },
  findPwd: { guest: ['重置密码'], reader: ['重置密码'] },
  bindID: { guest: ['请先登录后再进行实名认证'], reader: ['真实姓名', '提交认证'] },
  richText: { query: { id: 'agreement' }, guest: ['用户协议'], reader: ['用户协议'] },
  notFound: { guest: ['页面不存在', '返回首页'], reader: ['页面不存在'] },
  activity: { guest: ['链接无效'], reader: ['链接无效'] },

  changePhone: { guest: [SIGN_IN], reader: ['当前手机号', '确认更换'] },
  changePwd: { guest: ['确认修改'], reader: ['确认修改'] },
  mineFindPwd: { guest: ['重置密码'], reader: ['重置密码'] },
  account: { guest: [SIGN_IN], reader: ['登录密码', '注销账号'] },
  setCenter: { guest: ['账号与安全', '当前版本'], reader: ['账号与安全'] },
  userCenter: { guest: [SIGN_IN], reader: ['个性签名', '保存'] },
  ewm: { guest: [SIGN_IN], reader: ['扫一扫上面的二维码'] },
  readTime: { guest: ['登录后查看阅读时长'], reader: ['今日阅读', '阅读天数'] },
  rankTop: { guest: ['周榜', '登录后查看我的排名', '书友小林'], reader: ['周榜', '书友小林'] },
  mineFeedback: { guest: ['登录后才能提交反馈'], reader: ['反馈内容', '提交'] },
  feedbackList: { guest: ['登录后查看我的反馈'], reader: ['还没有提交过投诉或建议'] },

  bookType: { guest: ['儒家经典', '蒙学'], reader: ['儒家经典'] },
  bookList: { query: { classificationId: 1 }, guest: ['论语'], reader: ['论语'] },
  bookCase: { guest: ['登录后查看你的书架'], reader: ['书架还是空的'] },
  // 静夜思 is stored as 靜夜思: the simplified query finds the traditional text.
  bookSearch: {
    query: { keyword: '静夜思' },
    guest: ['唐诗三百首', '靜夜思', '原文'],
    reader: ['唐诗三百首', '靜夜思'],
  },

  readDetail: { query: { id: 1 }, guest: ['论语', '孔子'], reader: ['论语'] },
  read: { query: { id: 1 }, guest: ['学而'], reader: ['学而'] },
  listen: { query: { id: 12 }, guest: ['弟子规'], reader: ['弟子规'] },
  thought: { guest: ['登录后查看我的书评'], reader: ['还没有写过书评'] },
  addThought: { query: { id: 1 }, guest: ['登录后才能写书评'], reader: ['论语', '同时发到读后感'] },
  notes: { guest: ['登录后查看我的笔记'], reader: ['还没有划线和想法'] },

  collectBook: { guest: ['登录后查看收藏的书'], reader: ['还没有收藏的书'] },
  collectDoc: {
    guest: ['登录后查看收藏的文档'],
    reader: ['还没有收藏的文档，在文档详情页点“收藏”吧'],
  },
  collectPaper: {
    guest: ['登录后查看收藏的报纸'],
    reader: ['还没有收藏的报纸，在报纸详情页点“收藏”吧'],
  },
  collectMaga: {
    guest: ['登录后查看收藏的杂志'],
    reader: ['还没有收藏的杂志，在杂志详情页点“收藏”吧'],
  },

  // Documents 1..6 are the house PDFs, 1 《论语》选读 in category 1 国学经典 with 2 《大学》全文. In the
  // headless mini-program downloadFile fails, so the reader page shows its retry beside 打开文档. The
  // reader has no documents: 我的文档 is empty and document 1 is not theirs to review.
  fileType: { guest: ['全部文档', '国学经典', '蒙学读物'], reader: ['国学经典'] },
  fileList: {
    query: { categoryId: 1 },
    guest: ['《论语》选读', '《大学》全文'],
    reader: ['《论语》选读'],
  },
  fileDetail: {
    query: { id: 1 },
    guest: ['《论语》选读', '阅读', '收藏'],
    reader: ['《论语》选读', '阅读'],
  },
  docReader: {
    query: { id: 1 },
    guest: ['《论语》选读', '打开文档'],
    reader: ['《论语》选读', '打开文档'],
  },
  myDoc: { guest: ['登录后查看我的文档'], reader: ['还没有上传过文档', '上传文档'] },
  addDoc: { guest: ['登录后才能上传文档'], reader: ['选择文件', '上传'] },
  addMyDoc: { guest: ['登录后才能投稿'], reader: ['没有可以投稿的文档，先上传一份吧'] },
  // The new reader has published no videos and made no albums; album 1 is the house's.
  myVideo: { guest: ['登录后查看我的视频'], reader: ['还没有发布过视频', '发布视频'] },
  addVideo: { guest: ['登录后才能发布视频'], reader: ['选择视频', '发布'] },
  addAlbum: { guest: ['登录后才能新建专辑'], reader: ['专辑名称', '创建专辑'] },
  albumDetail: {
    query: { id: 1 },
    guest: ['登录后管理我的专辑'],
    reader: ['只能修改自己的专辑', '查看专辑'],
  },
  verify: { query: { id: 1 }, guest: ['登录后查看审核结果'], reader: ['文档不存在'] },

  // Magazine 1 is 古文月刊 (issue 1 opens with its 卷首语); newspaper 1 is 经典晨报 with editions
  // 1..7, the oldest first (7 is dated the seed day).
  magaType: { guest: ['全部杂志', '古典文学'], reader: ['全部杂志', '古典文学'] },
  magaList: { query: { categoryId: 1 }, guest: ['古文月刊', '上传杂志'], reader: ['古文月刊'] },
  magaDetail: {
    query: { id: 1 },
    guest: ['古文月刊', '第3期', '收藏'],
    reader: ['古文月刊', '开始阅读'],
  },
  magaRead: { query: { issueId: 1 }, guest: ['卷首语', '古文月刊 · 第1期'], reader: ['卷首语'] },
  magaAdd: { guest: ['登录后才能上传杂志'], reader: ['新杂志', '提交审核'] },
  paperType: { guest: ['全部报纸', '综合'], reader: ['全部报纸'] },
  paperList: { guest: ['经典晨报', '上传报纸'], reader: ['经典晨报'] },
  paperDetail: { query: { id: 1 }, guest: ['经典晨报', '阅读最新一期'], reader: ['经典晨报'] },
  paperRead: {
    query: { editionId: 7 },
    guest: ['经典晨报', '第一版 要闻'],
    reader: ['第二版 文苑'],
  },
  paperAdd: { guest: ['登录后才能上传报纸'], reader: ['新报纸', '提交审核'] },

  // Video channels 1..4 are 经典诵读, 诗词赏析, 名家讲书, 童蒙启蒙 (the seed's clips); album 1 论语十则
  // holds videos 1 论语·学而 and 2 论语·为政 (house videos: no author to follow); video 1 is
  // about book 1 论语.
  videoType: { guest: ['经典诵读', '诗词赏析', '专辑', '论语十则'], reader: ['经典诵读'] },
  videoChannel: {
    query: { channelId: 1 },
    guest: ['论语·学而：学而时习之', '大学：大学之道，在明明德'],
    reader: ['论语·学而：学而时习之'],
  },
  videoAlbum: {
    query: { id: 1 },
    guest: ['论语十则', '播放全部', '2. 论语·为政：温故而知新'],
    reader: ['论语十则', '播放全部'],
  },
  videoPlay: {
    query: { id: 1, albumId: 1 },
    guest: ['论语·学而：学而时习之', '相关图书', '论语·为政：温故而知新', '还没有评论，说点什么吧'],
    reader: ['论语·学而：学而时习之', '相关图书'],
  },
  videoSearch: {
    query: { keyword: '论语' },
    guest: ['论语·学而：学而时习之', '论语·为政：温故而知新'],
    reader: ['论语·学而：学而时习之'],
  },

  reportDetail: { query: { id: 5 }, guest: ['陋室铭', '何陋之有'], reader: ['陋室铭'] },
  plDetail: { query: { id: 5 }, guest: ['何陋之有'], reader: ['何陋之有'] },
  reportCompose: { guest: [SIGN_IN], reader: ['发表'] },
  reportUser: { query: { id: 2 }, guest: ['书友小林'], reader: ['书友小林'] },

  userDetail: { query: { id: 2 }, guest: ['书友小林'], reader: ['书友小林'] },
  fellowList: { guest: ['登录后查看关注与粉丝'], reader: ['还没有关注任何人'] },
  friendFeedback: {
    query: { targetType: 'post', targetId: 5, name: '陋室铭' },
    guest: [SIGN_IN],
    reader: ['投诉对象：读后感“陋室铭”', '提交投诉'],
  },
  blockList: { guest: ['登录后查看黑名单'], reader: ['黑名单里还没有人'] },
  friendList: { guest: ['登录后查看我的书友'], reader: ['新的书友', '还没有书友，去添加书友吧'] },
  friendDetail: {
    query: { type: 'chat', id: 2 },
    guest: ['登录后查看书友资料'],
    reader: ['书友小林', '你们已不是书友'],
  },
  friendReport: { query: { id: 2 }, guest: ['书友小林'], reader: ['书友小林'] },
  addFriendByCode: { guest: ['登录后添加书友'], reader: ['我的好友码', '查找'] },
  addFriendByAddress: { guest: ['登录后查看附近的书友'], reader: ['开启附近的书友'] },
  selectFriend: {
    query: { purpose: 'group' },
    guest: ['登录后选择书友'],
    reader: ['还没有书友，去添加书友吧', '请选择书友'],
  },
  // Gifts (issue 17): the fresh reader has no copies, collections or gifts yet.
  selectBook: {
    query: { friendId: 2, name: '书友小林' },
    guest: ['登录后赠送书给书友', SIGN_IN],
    reader: ['赠送给', '书友小林', '还没有可赠送的书，去书城购买吧'],
  },
  selectDoc: {
    guest: ['登录后赠送文档给书友', SIGN_IN],
    reader: ['选择书友', '还没有可赠送的文档，收藏或上传文档后再来吧'],
  },
  selectMaga: {
    guest: ['登录后赠送杂志给书友', SIGN_IN],
    reader: ['选择书友', '还没有可赠送的杂志，收藏杂志后再来吧'],
  },
  selectPaper: {
    guest: ['登录后赠送报纸给书友', SIGN_IN],
    reader: ['选择书友', '还没有可赠送的报纸，收藏报纸后再来吧'],
  },
  // Group 1 may not exist in the demo database: a group page shows `群号 1` both with the group
  // and in its gate (not found, not a member, not a manager), which also offers 返回我的群聊.
  group: {
    guest: ['登录后查看我的群聊', SIGN_IN],
    reader: ['发起群聊', '查找群聊', '还没有加入群聊'],
  },
  groupDetail: { query: { id: 1 }, guest: ['登录后查看群聊信息', SIGN_IN], reader: ['群号 1'] },
  groupDetailEdit: {
    query: { id: 1 },
    guest: ['登录后编辑群资料', SIGN_IN],
    reader: ['群号 1', '返回我的群聊'],
  },
  groupDetailOpen: { query: { id: 1 }, guest: ['登录后查看群公告', SIGN_IN], reader: ['群号 1'] },
  groupMember: {
    query: { id: 1 },
    guest: ['登录后查看群成员', SIGN_IN],
    reader: ['群号 1', '返回我的群聊'],
  },
  groupSet: {
    query: { id: 1 },
    guest: ['登录后管理群聊', SIGN_IN],
    reader: ['群号 1', '返回我的群聊'],
  },
  selectGroup: { guest: ['登录后查找群聊', SIGN_IN], reader: ['搜索'] },

  msg: { guest: ['登录后查看消息'], reader: ['平台通知与公告', '新增关注'] },
  notice: { guest: ['登录后查看通知'], reader: ['暂时没有通知'] },
  comment: { guest: ['登录后查看评论消息'], reader: ['还没有人评论或回复你'] },
  likes: { guest: ['登录后查看点赞消息'], reader: ['还没有人赞过你的读后感'] },
  myFellow: { guest: ['登录后查看新增关注'], reader: ['还没有新的关注'] },

  // The shop's products are seeded; the new reader has no orders and no redemptions.
  shop: { guest: ['全部商品', '图书', '好物'], reader: ['全部商品'] },
  giveBook: {
    guest: ['登录后查看赠送记录', SIGN_IN],
    reader: ['收到的', '送出的', '待接收', '还没有收到的赠书'],
  },
  myOrder: { guest: ['登录后查看我的订单'], reader: ['待付款', '已付款', '还没有订单'] },
  conversion: { guest: ['登录后才能兑换'], reader: ['兑换码', '兑换记录', '还没有兑换记录'] },

  proxyRichtext: { guest: ['吧主协议'], reader: ['吧主协议'] },
  // The agent pages (issue 18): the new reader is no agent and has no verified real name, so the
  // agent home shows the application (申请成为吧主, with the way to 实名认证) and every other agent
  // page says 您还不是吧主.
  proxyIndex: {
    guest: ['登录后进入吧主中心', SIGN_IN],
    reader: ['申请成为吧主', '去实名认证', '《吧主协议》'],
  },
  proxyApply: {
    guest: ['登录后申请成为吧主', SIGN_IN],
    reader: ['申请成为吧主', '去实名认证', '提交申请'],
  },
  proxyMember: { guest: ['登录后查看我的会员', SIGN_IN], reader: ['您还不是吧主'] },
  proxyOrder: { guest: ['登录后查看会员订单', SIGN_IN], reader: ['您还不是吧主'] },
  proxyMoney: { guest: ['登录后查看资金明细', SIGN_IN], reader: ['您还不是吧主'] },
  proxyCoupon: { guest: ['登录后查看优惠券', SIGN_IN], reader: ['您还不是吧主'] },
  proxyCouponLog: { guest: ['登录后查看发券记录', SIGN_IN], reader: ['您还不是吧主'] },
  proxyMsg: { guest: ['登录后查看通知', SIGN_IN], reader: ['您还不是吧主'] },
  proxyMsgDetail: {
    query: { id: 1 },
    guest: ['登录后查看通知', SIGN_IN],
    reader: ['您还不是吧主'],
  },
  proxyInfo: { guest: ['登录后查看吧主资料', SIGN_IN], reader: ['您还不是吧主'] },
  proxySet: { guest: ['登录后设置提现银行卡', SIGN_IN], reader: ['您还不是吧主'] },
  proxyPoster: { guest: ['登录后查看推广海报', SIGN_IN], reader: ['您还不是吧主'] },
  // Activity 1 is the running 读书月 · 我的读书故事 (applying and voting open), its entry 1
  // 《唐诗三百首》陪我度过的夜晚 by 书友小林; the new reader has not applied.
  activityList: {
    guest: ['进行中', '已结束', '读书月 · 我的读书故事'],
    reader: ['读书月 · 我的读书故事'],
  },
  activityDesc: {
    query: { id: 1 },
    guest: ['读书月 · 我的读书故事', '我要报名', '参赛作品', '《唐诗三百首》陪我度过的夜晚'],
    reader: ['读书月 · 我的读书故事', '我要报名', '今日还可投3票'],
  },
  activityRule: {
    query: { id: 1 },
    guest: ['报名时间', '每位读者可提交一件作品'],
    reader: ['每位读者可提交一件作品'],
  },
  voteItem: {
    query: { id: 1 },
    guest: ['《唐诗三百首》陪我度过的夜晚', '书友小林', '查看活动'],
    reader: ['《唐诗三百首》陪我度过的夜晚', '今日还可投3票'],
  },
  activityPost: {
    query: { id: 1 },
    guest: ['登录后才能报名活动'],
    reader: ['作品标题', '提交报名'],
  },
  activityMine: {
    query: { id: 1 },
    guest: ['登录后查看我的参与'],
    reader: ['还没有报名这个活动', '已签到0天'],
  },
  chatWebView: { guest: ['链接无效'], reader: ['链接无效'] },
  chat: {
    query: { conversationID: 'C2C2' },
    guest: ['请先登录'],
    reader: ['书友小林', '还没有消息，打个招呼吧'],
  },
  chatVideoPlay: { guest: ['视频地址无效'], reader: ['视频地址无效'] },
  conversations: {
    guest: ['登录后和书友聊聊读过的书', SIGN_IN],
    reader: ['消息通知', '暂无会话，去添加书友聊聊读过的书吧'],
  },
}
