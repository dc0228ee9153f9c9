// What other features may use of gifts (the walls in eslint.config.mjs allow only this file).
export { isGiftMessage } from './card'
export { giftEntryUrl, GIFT_ENTRIES, type GiftKind } from './links'
