import { Swiper, SwiperItem } from '@tarojs/components'
import { slidesOf, type CarouselProps } from './slides'

/**
 * Slides that turn by themselves, with dots: the mini-program's own swiper. H5 has its own
 * lighter version (index.h5.tsx).
 */
export default function Carousel({ className, interval = 4000, children }: CarouselProps) {
  return (
    <Swiper className={className} autoplay circular indicatorDots interval={interval}>
      {slidesOf(children).map((slide) => (
        <SwiperItem key={slide.key}>{slide.node}</SwiperItem>
      ))}
    </Swiper>
  )
}
