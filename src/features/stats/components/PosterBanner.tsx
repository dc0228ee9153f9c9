import { Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { Fragment } from 'react'
import Carousel from '@/components/Carousel'
import { resolveAssetUrl } from '@/core/assets'
import { posterTarget } from '@/features/books/public'
import type { Poster } from '@/types/api/shop'

function openPoster(poster: Poster) {
  const target = posterTarget(poster.link)
  if (!target) return
  if (target.tab) void Taro.switchTab({ url: target.url })
  else void Taro.navigateTo({ url: target.url })
}

/**
 * The home banner (styled by the home page's home__poster*). `posters` null while they load: the
 * banner keeps its place, so nothing below it jumps down.
 */
export default function PosterBanner({ posters }: { posters: Poster[] | null }) {
  return (
    <Carousel className="home__banner" interval={4000}>
      {posters?.map((poster) => (
        <Fragment key={poster.id}>
          {/* Always this handler (a poster without a link does nothing): a handler that comes
              and goes breaks the mini-program's runtime. */}
          <View className="home__poster" onClick={() => openPoster(poster)}>
            {poster.image && (
              <Image
                className="home__poster-image"
                src={resolveAssetUrl(poster.image)}
                mode="aspectFill"
              />
            )}
            <View className="home__poster-text">
              <Text className="home__poster-title">{poster.title}</Text>
              {poster.subtitle && <Text className="home__poster-sub">{poster.subtitle}</Text>}
            </View>
          </View>
        </Fragment>
      ))}
    </Carousel>
  )
}
