import { chatApi } from '@api/chat'
import { ChatLimits } from '@rules/chat'
import { ensureConversation } from '../../chat/conversations'
import { conversationList, conversationView, totalUnread } from '../../chat/conversationView'
import { messageList, messagesAfter } from '../../chat/history'
import { changeMember } from '../../chat/memberSettings'
import { deleteMessages, revokeMessage } from '../../chat/messageOps'
import { uploadChatFile } from '../../chat/upload'
import { inTx } from '../../db/tx'
import { serve } from '../../http/serve'

export const chatRoutes = serve(chatApi, {
  login: async ({ app, caller }) => {
    const userID = String(caller.userId)
    return {
      userID,
      userSig: await app.userSigner.sign(userID),
      engine: app.userSigner.kind,
      SDKAppID: Number(app.config.tencent.sdkAppId) || 0,
    }
  },
  getConversationList: async ({ app, caller }) => ({
    conversationList: await conversationList(app.db, caller.userId, app.clock.now()),
  }),
  getConversationProfile: ({ app, caller, input }) =>
    inTx(app.db, async (tx) => {
      const now = new Date(app.clock.now())
      const conv = await ensureConversation(tx, caller.userId, input.conversationID, now)
      return conversationView(tx, caller.userId, conv.id, now.getTime())
    }),
  getMessageList: ({ app, caller, input }) =>
    messageList(
      app.db,
      caller.userId,
      input.conversationID,
      input.beforeSequence,
      input.count ?? ChatLimits.messagePageSize,
    ),
  getMessagesAfter: ({ app, caller, input }) =>
    messagesAfter(app.db, caller.userId, input.conversationID, input.afterSequence),
  setMessageRead: async ({ app, caller, input }) => {
    await changeMember(app, caller.userId, input.conversationID, { kind: 'read' })
    return null
  },
  pinConversation: async ({ app, caller, input }) => {
    const change = { kind: 'pin', pinned: input.isPinned } as const
    await changeMember(app, caller.userId, input.conversationID, change)
    return null
  },
  setMessageRemindType: async ({ app, caller, input }) => {
    const change = { kind: 'mute', muted: input.isMuted } as const
    await changeMember(app, caller.userId, input.conversationID, change)
    return null
  },
  setConversationDraft: async ({ app, caller, input }) => {
    const change = { kind: 'draft', text: input.draftText } as const
    await changeMember(app, caller.userId, input.conversationID, change)
    return null
  },
  deleteConversation: async ({ app, caller, input }) => {
    await changeMember(app, caller.userId, input.conversationID, { kind: 'delete' })
    return null
  },
  revokeMessage: ({ app, caller, input }) => revokeMessage(app, caller.userId, input.messageID),
  deleteMessage: async ({ app, caller, input }) => {
    await deleteMessages(app, caller.userId, input.messageIDList)
    return null
  },
  getTotalUnreadMessageCount: async ({ app, caller }) => ({
    total: await totalUnread(app.db, caller.userId),
  }),
  upload: ({ app, caller, req }) => uploadChatFile(app, caller, req),
})
