/**
 * Unread counts from named sources (chat conversations, the message centre, ...), their total and
 * the tab badge rule of src/core/badge.ts, kept in sync with the native badge on tab 1.
 */
import { makeAutoObservable, observable, reaction } from 'mobx'
import { badgeText } from '@/core/badge'
import type { TabBadgeSink } from './tabBadge'

export class UnreadStore {
  readonly sources = observable.map<string, number>()

  private readonly sink: TabBadgeSink
  private readonly stopSync: () => void

  constructor(sink: TabBadgeSink) {
    this.sink = sink
    makeAutoObservable<UnreadStore, 'sink' | 'stopSync'>(
      this,
      { sources: false, sink: false, stopSync: false },
      { autoBind: true },
    )
    this.stopSync = reaction(
      () => this.badge,
      (text) => this.applyBadge(text),
    )
  }

  /** Sets one source's count; a negative or non-numeric count counts as 0. */
  setSource(key: string, count: number): void {
    const value = Number.isFinite(count) && count > 0 ? Math.floor(count) : 0
    if (value === 0) this.sources.delete(key)
    else this.sources.set(key, value)
  }

  clearSource(key: string): void {
    this.sources.delete(key)
  }

  reset(): void {
    this.sources.clear()
  }

  get total(): number {
    let sum = 0
    for (const count of this.sources.values()) sum += count
    return sum
  }

  /** The badge text: null when nothing is unread, '99+' above 99. */
  get badge(): string | null {
    return badgeText(this.total)
  }

  /** Re-applies the badge, e.g. when a tab page shows (the native badge may have been missed). */
  syncTabBadge(): void {
    this.applyBadge(this.badge)
  }

  dispose(): void {
    this.stopSync()
  }

  private applyBadge(text: string | null): void {
    try {
      if (text === null) this.sink.hide()
      else this.sink.show(text)
    } catch {
      // A failing badge never breaks the count.
    }
  }
}
