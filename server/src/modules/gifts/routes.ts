import { giftsApi } from '@api/gifts'
import { GiftState, GiftText } from '@rules/gifts'
import { Answer } from '../../http/envelope'
import { serve } from '../../http/serve'
import { bookGift, bookGiftList, bookGiftState, bookGiftsByIds, copiesInfo } from './bookRows'
import { createBookGift, settleBookGifts } from './bookGifts'
import { giftPaging as pages } from './checks'
import { docGift, docGiftList, sendDocGift, settleDocGift } from './docGifts'
import { giftableItems } from './items'

const settledText = (state: 1 | 2): string =>
  state === GiftState.accepted ? GiftText.accepted : GiftText.refused

export const giftsRoutes = serve(giftsApi, {
  copiesInfo: ({ app, caller, input }) => copiesInfo(app, caller, input.booksOrderIds),
  createBookGift: async ({ app, caller, input }) =>
    new Answer(await createBookGift(app, caller, input), GiftText.sent),
  settleBookGift: async ({ app, caller, input }) =>
    new Answer(
      await settleBookGifts(app, caller, input.giftBooksLogId, input.state),
      settledText(input.state),
    ),
  bookGiftList: ({ app, caller, input }) =>
    bookGiftList(app, caller, input.type, input.state, pages(input)),
  bookGift: ({ app, caller, input }) => bookGift(app, caller, input.id),
  bookGiftDetail: ({ app, caller, input }) => bookGiftsByIds(app.db, caller.userId, input.ids),
  bookGiftState: ({ app, caller, input }) => bookGiftState(app, caller, input.giftBooksLogId),
  giftableItems: ({ app, caller, input }) => giftableItems(app, caller, input.type, pages(input)),
  sendDocGift: async ({ app, caller, input }) =>
    new Answer(await sendDocGift(app, caller, input), GiftText.sent),
  docGiftList: ({ app, caller, input }) =>
    docGiftList(app, caller, input.type, input.state, pages(input)),
  docGift: ({ app, caller, input }) => docGift(app, caller, input.record_id),
  receiveDocGift: async ({ app, caller, input }) =>
    new Answer(
      await settleDocGift(app, caller, input.record_id, GiftState.accepted),
      GiftText.accepted,
    ),
  refuseDocGift: async ({ app, caller, input }) =>
    new Answer(
      await settleDocGift(app, caller, input.record_id, GiftState.refused),
      GiftText.refused,
    ),
})
