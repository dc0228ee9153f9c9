/**
 * The feed's shared state: whether the feed tab must load again (a post written, deleted or
 * commented on elsewhere), and post likes: one optimistic toggle for every page that shows a post,
 * its result seen by all of them until the server's data for that post arrives again.
 */
import { makeAutoObservable, observable } from 'mobx'
import type { LikePostRes, Post } from '@/types/api/feed'

/** The call the store makes; the feed api in the app, fakes in tests. */
export interface FeedApi {
  likePost(id: number, like: boolean): Promise<LikePostRes>
}

type LikeState = Pick<Post, 'liked' | 'likeCount'>

export class FeedStore {
  /** Likes changed here since the post's data was last loaded. */
  readonly likes = observable.map<number, LikeState>()
  private stale = false
  private readonly pending = new Set<number>()
  private readonly api: FeedApi

  constructor(api: FeedApi) {
    this.api = api
    makeAutoObservable<FeedStore, 'pending' | 'api'>(
      this,
      { likes: false, pending: false, api: false },
      { autoBind: true },
    )
  }

  /** A post was written, deleted or commented on: the feed tab reloads when shown next. */
  markChanged(): void {
    this.stale = true
  }

  /** Whether the feed must reload; read once. */
  consumeChanged(): boolean {
    const was = this.stale
    this.stale = false
    return was
  }

  /** Fresh server data for these posts: it is what they show again (a tap under way excepted). */
  absorb(posts: readonly Pick<Post, 'id'>[]): void {
    for (const { id } of posts) if (!this.pending.has(id)) this.likes.delete(id)
  }

  /** The post as shown: its loaded data with the likes changed since. */
  view(post: Post): Post {
    const changed = this.likes.get(post.id)
    return changed ? { ...post, ...changed } : post
  }

  /** Shows the tap at once and puts it back if the server refuses; one call per post at a time. */
  async toggleLike(post: Post): Promise<void> {
    if (this.pending.has(post.id)) return
    this.pending.add(post.id)
    const shown = this.view(post)
    const next = !shown.liked
    this.setLike(post.id, next, Math.max(0, shown.likeCount + (next ? 1 : -1)))
    try {
      const res = await this.api.likePost(post.id, next)
      this.setLike(post.id, res.liked, res.likeCount)
    } catch {
      this.setLike(post.id, shown.liked, shown.likeCount)
    } finally {
      this.pending.delete(post.id)
    }
  }

  private setLike(id: number, liked: boolean, likeCount: number): void {
    this.likes.set(id, { liked, likeCount })
  }

  /** The session ended: another person's likes must not show (the feed tab reloads by itself). */
  reset(): void {
    this.likes.clear()
  }
}
