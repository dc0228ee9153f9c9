import Taro from '@tarojs/taro'

/** The confirmation before deleting a post or a comment. */
export async function confirmDelete(title: '删除读后感' | '删除评论'): Promise<boolean> {
  const { confirm } = await Taro.showModal({ title, content: '删除后无法恢复' })
  return confirm
}
