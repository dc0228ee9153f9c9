/** Every table, by domain (drizzle-kit reads this folder). */
export * from './account'
export * from './common'
export * from './books'
export * from './stats'
export * from './feed'
export * from './social'
export * from './chat'
