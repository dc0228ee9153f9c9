/** What an empty state is about: each kind has its own picture (index.scss) and default words. */
export type EmptyKind =
  | 'books'
  | 'bookcase'
  | 'collect'
  | 'posts'
  | 'comments'
  | 'messages'
  | 'people'
  | 'search'
  | 'reflections'
  | 'feedback'
  | 'error'
  | 'generic'

export const EMPTY_TEXT: Record<EmptyKind, string> = {
  books: '这里还没有书',
  bookcase: '书架还是空的',
  collect: '还没有收藏的书',
  posts: '还没有读后感',
  comments: '还没有评论',
  messages: '暂时没有消息',
  people: '这里还没有人',
  search: '没有找到相关内容',
  reflections: '还没有书评',
  feedback: '还没有投诉或建议',
  error: '出错了，请稍后再试',
  generic: '这里什么也没有',
}
