import { useEffect, useRef, useState } from 'react'
import { slidesOf, type CarouselProps } from './slides'
import './index.scss'

/** How long the other slides wait for the first one's image before they mount anyway. */
const OTHERS_AFTER_MS = 3000

/**
 * Slides that turn by themselves, with dots, for H5: a row that scrolls and snaps to each slide
 * under a finger. Taro's Swiper would bring the swiper library (about 190 KB) onto the home page.
 * The slides after the first mount once the first has loaded its image (or after 3 s), so their
 * images do not slow the first one down.
 */
export default function Carousel({ className, interval = 4000, children }: CarouselProps) {
  const slides = slidesOf(children)
  const track = useRef<HTMLDivElement>(null)
  const [shown, setShown] = useState(0)
  const [touched, setTouched] = useState(false)
  const [allMounted, setAllMounted] = useState(false)
  const count = slides.length

  useEffect(() => {
    const el = track.current
    if (!el || allMounted) return undefined
    const mountAll = () => setAllMounted(true)
    // load and error do not bubble, but an ancestor sees them while they are captured.
    el.addEventListener('load', mountAll, true)
    el.addEventListener('error', mountAll, true)
    const timer = setTimeout(mountAll, OTHERS_AFTER_MS)
    return () => {
      el.removeEventListener('load', mountAll, true)
      el.removeEventListener('error', mountAll, true)
      clearTimeout(timer)
    }
  }, [allMounted])

  useEffect(() => {
    if (count < 2 || touched) return undefined
    const timer = setInterval(() => {
      const el = track.current
      if (!el || !el.clientWidth || document.hidden) return
      const next = (Math.round(el.scrollLeft / el.clientWidth) + 1) % count
      el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' })
    }, interval)
    return () => clearInterval(timer)
  }, [count, interval, touched])

  const onScroll = () => {
    const el = track.current
    if (el && el.clientWidth) setShown(Math.round(el.scrollLeft / el.clientWidth))
  }

  return (
    <div className={`carousel ${className ?? ''}`}>
      <div
        ref={track}
        className="carousel__track"
        onScroll={onScroll}
        onTouchStart={() => {
          setTouched(true)
          setAllMounted(true)
        }}
        onTouchEnd={() => setTouched(false)}
      >
        {slides.map((slide, i) => (
          <div key={slide.key} className="carousel__slide">
            {i === 0 || allMounted ? slide.node : null}
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="carousel__dots">
          {slides.map((slide, i) => (
            <span
              key={slide.key}
              className={i === shown ? 'carousel__dot carousel__dot--on' : 'carousel__dot'}
            />
          ))}
        </div>
      )}
    </div>
  )
}
