/**
 * Listen mode: one chapter's audio (the chapter from the shared ChapterStore) with play, pause,
 * seek, speed and on to the next chapter when one ends. The place saved is the audio position
 * only: the place in the text stays as the reader left it.
 */
import { makeAutoObservable } from 'mobx'
import type { ChapterDetail, SaveProgressReq } from '@/types/api/books'
import type { AudioPlayer, PlayerEvents } from '../audio/player'
import type { ChapterStore } from './ChapterStore'

/** While playing, the place is saved at most this often (and on pause, seek and leaving). */
export const SAVE_EVERY_MS = 10_000

export interface ListenDeps {
  chapters: ChapterStore
  createPlayer: (events: PlayerEvents) => AudioPlayer
  savePlace: (place: SaveProgressReq, immediately: boolean) => void
  /** Reading-clock activity. */
  touch: () => void
  /** Shows a player error. */
  notify: (message: string) => void
  now?: () => number
}

export class ListenStore {
  playing = false
  position = 0
  duration = 0
  rate = 1

  private player: AudioPlayer | null = null
  private autoplay = false
  /** Played or moved since it opened: only then is there a new place to save. */
  private moved = false
  private lastSaved = 0

  constructor(private readonly deps: ListenDeps) {
    makeAutoObservable<ListenStore, 'deps' | 'player' | 'autoplay' | 'moved' | 'lastSaved'>(
      this,
      { deps: false, player: false, autoplay: false, moved: false, lastSaved: false },
      { autoBind: true },
    )
    deps.chapters.onShow(this.shown)
  }

  get chapters(): ChapterStore {
    return this.deps.chapters
  }

  get chapter(): ChapterDetail | null {
    return this.deps.chapters.chapter
  }

  /** The slider's end: at least the chapter's declared length, never 0. */
  get total(): number {
    return Math.max(this.duration, this.chapter?.audioSeconds ?? 0, 1)
  }

  /** Creates the player; answers its disposal. */
  attach(): () => void {
    const player = this.deps.createPlayer({
      onTime: this.timed,
      onPlay: this.started,
      onPause: this.paused,
      onEnded: this.ended,
      onError: this.failed,
    })
    this.player = player
    return () => {
      player.destroy()
      if (this.player === player) this.player = null
    }
  }

  toggle(): void {
    this.deps.touch()
    if (this.playing) this.player?.pause()
    else {
      this.autoplay = true
      this.player?.play()
    }
  }

  seek(seconds: number): void {
    this.deps.touch()
    this.moved = true
    this.player?.seek(seconds)
    this.position = seconds
    this.save(true)
  }

  setRate(rate: number): void {
    this.rate = rate
    this.player?.setRate(rate)
  }

  /** The next or previous chapter, playing on when it was playing (always for the next). */
  async turn(direction: 'prev' | 'next'): Promise<void> {
    this.autoplay = this.playing || direction === 'next'
    if (!(await this.deps.chapters.turn(direction))) return
    this.moved = true
    this.save(true)
  }

  /** The page hides or closes: pause and save now. */
  leave(): void {
    this.player?.pause()
    this.save(true)
  }

  private shown(chapter: ChapterDetail, startAt: number): void {
    this.position = startAt
    this.duration = chapter.audioSeconds
    if (!chapter.audioUrl) return
    this.player?.load(chapter.audioUrl, startAt)
    if (this.autoplay) this.player?.play()
  }

  private timed(seconds: number, total: number): void {
    this.position = seconds
    if (total > 0) this.duration = total
    this.follow()
  }

  private started(): void {
    this.moved = true
    this.playing = true
    this.follow()
  }

  private paused(): void {
    if (!this.playing) return
    this.playing = false
    this.save(false)
  }

  private ended(): void {
    this.paused()
    if (this.chapter?.nextSerial) void this.turn('next')
  }

  private failed(message: string): void {
    this.paused()
    this.deps.notify(message)
  }

  /** Reading time and the saved place follow playback. */
  private follow(): void {
    if (!this.playing) return
    this.deps.touch()
    if (this.now() - this.lastSaved > SAVE_EVERY_MS) this.save(true)
  }

  private save(immediately: boolean): void {
    const chapter = this.chapter
    if (!chapter || !this.moved) return
    this.lastSaved = this.now()
    this.deps.savePlace(
      {
        booksId: this.deps.chapters.booksId,
        serial: chapter.serial,
        audioSeconds: Math.floor(this.position),
      },
      immediately,
    )
  }

  private now(): number {
    return (this.deps.now ?? Date.now)()
  }
}
