// What other features may use of video (the walls in eslint.config.mjs allow only this file).
export { formatCount, formatVideoDuration, playCountText } from './format'
export {
  channelVideosUrl,
  videoAlbumUrl,
  videoPlayUrl,
  videoSearchUrl,
  videoTypeUrl,
} from './links'
export { default as VideoCard } from './components/VideoCard'
export { default as VideoCover } from './components/VideoCover'
export { default as UserVideos } from './components/UserVideos'
export { default as BookVideos } from './components/BookVideos'
