/** What other domains use of friends. */
export { areFriends } from './relations'
