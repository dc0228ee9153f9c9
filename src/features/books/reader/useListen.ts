import { useDidHide, useUnload } from '@tarojs/taro'
import { useEffect, useState } from 'react'
import { setPageTitle } from '@/core/platform'
import * as booksApi from '../api'
import { createAudioPlayer } from '../audio/player'
import { ChapterStore } from './ChapterStore'
import { ListenStore } from './ListenStore'
import { useProgressSaver } from './useProgressSaver'
import { useReadingClock } from '@/features/stats/public'
import { toast } from '@/core/toast'

/** The listen page's store: the chapter at its saved audio position, the player, the clock. */
export function useListen(booksId: number, wantedSerial: number, loggedIn: boolean): ListenStore {
  const touch = useReadingClock({ booksId }, loggedIn)
  const savePlace = useProgressSaver(loggedIn)
  const [listen] = useState(() => {
    const chapters = new ChapterStore(booksId, 'audioSeconds', booksApi)
    chapters.onShow((chapter) => setPageTitle(chapter.title))
    return new ListenStore({
      chapters,
      createPlayer: createAudioPlayer,
      savePlace,
      touch,
      notify: toast,
    })
  })

  useEffect(() => listen.attach(), [listen])
  useEffect(() => {
    void listen.chapters.open(wantedSerial)
  }, [listen, wantedSerial])

  useDidHide(listen.leave)
  useUnload(listen.leave)
  return listen
}
