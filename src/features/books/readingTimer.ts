/**
 * Counts active reading time: only while the page is visible and the reader has touched, scrolled
 * or turned a page within `idleMs`. Time is fed in (`now` in ms) so the rule is testable. Pure.
 */
export class ReadingTimer {
  private visible = false
  private lastActivity = Number.NEGATIVE_INFINITY
  private lastTick = 0
  private pendingMs = 0

  constructor(private readonly idleMs: number) {}

  /** The page was shown or hidden. Showing counts as activity. */
  setVisible(visible: boolean, now: number): void {
    this.tick(now)
    this.visible = visible
    if (visible) this.lastActivity = now
    this.lastTick = now
  }

  /** A scroll, tap or page turn. */
  activity(now: number): void {
    this.tick(now)
    this.lastActivity = now
  }

  /** Adds the time since the last tick that was visible and within the idle limit. */
  tick(now: number): void {
    if (this.visible && now > this.lastTick) {
      const activeUntil = Math.min(now, this.lastActivity + this.idleMs)
      if (activeUntil > this.lastTick) this.pendingMs += activeUntil - this.lastTick
    }
    this.lastTick = Math.max(this.lastTick, now)
  }

  /** Whole seconds counted so far and not yet taken; the remainder stays for the next take. */
  take(now: number): number {
    this.tick(now)
    const seconds = Math.floor(this.pendingMs / 1000)
    this.pendingMs -= seconds * 1000
    return seconds
  }

  /** Puts back seconds whose report failed, so they go with the next one. */
  giveBack(seconds: number): void {
    this.pendingMs += seconds * 1000
  }
}
