import { chatApi } from '@api/chat'
import { ChatLimits } from '@rules/chat'
import { ReceiptLimits } from '@rules/chatReceipts'
import { ReactionLimits } from '@rules/chatReactions'
import { ensureConversation } from '../../chat/conversations'
import { conversationList, conversationView, totalUnread } from '../../chat/conversationView'
import { messageList, messagesAfter } from '../../chat/history'
import { downloadMerged } from '../../chat/merged'
import { changeMember } from '../../chat/memberSettings'
import { deleteMessages, revokeMessage } from '../../chat/messageOps'
import { readMemberList, readReceiptList, sendReadReceipts } from '../../chat/receipts'
import { addReaction, messageReactions, reactionUsers, removeReaction } from '../../chat/reactions'
import { uploadChatFile } from '../../chat/upload'
import { userStatus } from '../../chat/userStatus'
import { requireChatInput } from '../../chat/chatInput'
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
      enabledMessageReadReceipt: app.config.chatReadReceipts,
      enabledOnlineStatus: app.config.chatOnlineStatus,
    }
  },
  getUserStatus: async ({ app, caller, input }) => ({
    successUserList: await userStatus(app, caller.userId, input.userIDList),
  }),
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
    requireChatInput(caller)
    const change = { kind: 'pin', pinned: input.isPinned } as const
    await changeMember(app, caller.userId, input.conversationID, change)
    return null
  },
  setMessageRemindType: async ({ app, caller, input }) => {
    requireChatInput(caller)
    const change = { kind: 'mute', muted: input.isMuted } as const
    await changeMember(app, caller.userId, input.conversationID, change)
    return null
  },
  setConversationDraft: async ({ app, caller, input }) => {
    requireChatInput(caller)
    const change = { kind: 'draft', text: input.draftText } as const
    await changeMember(app, caller.userId, input.conversationID, change)
    return null
  },
  deleteConversation: async ({ app, caller, input }) => {
    requireChatInput(caller)
    await changeMember(app, caller.userId, input.conversationID, { kind: 'delete' })
    return null
  },
  revokeMessage: async ({ app, caller, input }) => {
    requireChatInput(caller)
    return revokeMessage(app, caller.userId, input.messageID)
  },
  deleteMessage: async ({ app, caller, input }) => {
    requireChatInput(caller)
    await deleteMessages(app, caller.userId, input.messageIDList)
    return null
  },
  getTotalUnreadMessageCount: async ({ app, caller }) => ({
    total: await totalUnread(app.db, caller.userId),
  }),
  sendMessageReadReceipt: async ({ app, caller, input }) => {
    await sendReadReceipts(app, caller.userId, input.messageIDList)
    return null
  },
  getMessageReadReceiptList: async ({ app, caller, input }) => ({
    messageList: await readReceiptList(app, caller.userId, input.messageIDList),
  }),
  getGroupMessageReadMemberList: ({ app, caller, input }) =>
    readMemberList(app, caller.userId, {
      messageID: input.messageID,
      filter: input.filter,
      cursor: input.cursor ?? '',
      count: input.count ?? ReceiptLimits.memberPageSize,
    }),
  // Any signed-in reader with the key: it is a capability (chat/merged.ts says why).
  downloadMergerMessage: async ({ app, caller, input }) => ({
    messageList: await downloadMerged(app.db, caller.userId, input.downloadKey),
  }),
  addMessageReaction: async ({ app, caller, input }) => {
    requireChatInput(caller)
    await addReaction(app, caller.userId, input.messageID, input.reactionID)
    return null
  },
  removeMessageReaction: async ({ app, caller, input }) => {
    requireChatInput(caller)
    await removeReaction(app, caller.userId, input.messageID, input.reactionID)
    return null
  },
  getMessageReactions: async ({ app, caller, input }) => ({
    resultList: await messageReactions(
      app.db,
      caller.userId,
      input.messageIDList,
      input.maxUserCountPerReaction ?? ReactionLimits.usersPerReaction,
    ),
  }),
  getAllUserListOfMessageReaction: ({ app, caller, input }) =>
    reactionUsers(app.db, caller.userId, {
      messageID: input.messageID,
      reactionID: input.reactionID,
      nextSeq: input.nextSeq ?? '',
      count: input.count ?? ReactionLimits.userPageSize,
    }),
  upload: async ({ app, caller, req }) => {
    requireChatInput(caller)
    return uploadChatFile(app, caller, req)
  },
})
