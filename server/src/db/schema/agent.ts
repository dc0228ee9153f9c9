/**
 * The agent programme (吧主, issue 18): applications, agents with their rate and withdrawal card,
 * commission lines on members' orders, withdrawals, coupons, notices and their read state, and the
 * cached posters. Money is integer fen.
 */
import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { at } from './columns'
import { users } from './account'
import { orders } from './shop'

// The words of rules/agent.ts (drizzle-kit reads this folder without the @rules alias).
const APPLICATION_STATES = ['pending', 'approved', 'rejected'] as const
const COMMISSION_STATES = ['pending', 'settled', 'cancelled'] as const
const WITHDRAW_STATES = ['pending', 'paid', 'failed'] as const
const COUPON_STATES = ['unissued', 'given', 'reserved', 'used'] as const

/** An application to be an agent; one pending per reader at a time. */
export const agentApplications = pgTable(
  'agent_applications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    realName: text('real_name').notNull(),
    phone: text('phone').notNull(),
    region: text('region').notNull(),
    reason: text('reason').notNull(),
    state: text('state', { enum: APPLICATION_STATES }).notNull().default('pending'),
    rejectReason: text('reject_reason').notNull().default(''),
    reviewerId: integer('reviewer_id').references(() => users.id),
    createdAt: at('created_at').notNull(),
    reviewedAt: at('reviewed_at'),
  },
  (t) => [
    uniqueIndex('agent_applications_one_pending_key')
      .on(t.userId)
      .where(sql`${t.state} = 'pending'`),
    index('agent_applications_user_idx').on(t.userId, t.createdAt),
    index('agent_applications_state_idx').on(t.state, t.createdAt),
  ],
)

/** An approved agent: the rate, the withdrawal card, the cached poster. */
export const agents = pgTable(
  'agents',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    applicationId: integer('application_id')
      .notNull()
      .references(() => agentApplications.id),
    realName: text('real_name').notNull(),
    phone: text('phone').notNull(),
    region: text('region').notNull(),
    /** Basis points (1000 = 10%). */
    rateBp: integer('rate_bp').notNull(),
    /** The withdrawal card: the whole number is for the operators who pay; answers mask it. */
    cardHolder: text('card_holder'),
    cardBank: text('card_bank'),
    cardNo: text('card_no'),
    cardUpdatedAt: at('card_updated_at'),
    /** The poster made last: the hash of what it shows, and its URL path. */
    posterKey: text('poster_key'),
    posterPath: text('poster_path'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [check('agents_rate_check', sql`${t.rateBp} between 0 and 10000`)],
)

/** The commission of one member order: pending until its refund window ends, then settled. */
export const agentCommissions = pgTable(
  'agent_commissions',
  {
    id: serial('id').primaryKey(),
    agentUserId: integer('agent_user_id')
      .notNull()
      .references(() => users.id),
    memberUserId: integer('member_user_id')
      .notNull()
      .references(() => users.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    orderAmountFen: integer('order_amount_fen').notNull(),
    rateBp: integer('rate_bp').notNull(),
    amountFen: integer('amount_fen').notNull(),
    state: text('state', { enum: COMMISSION_STATES }).notNull().default('pending'),
    /** The end of the order's refund window: a pending line settles then. */
    settleAt: at('settle_at').notNull(),
    createdAt: at('created_at').notNull(),
    settledAt: at('settled_at'),
    cancelledAt: at('cancelled_at'),
  },
  (t) => [
    uniqueIndex('agent_commissions_order_key').on(t.orderId),
    index('agent_commissions_agent_idx').on(t.agentUserId, t.createdAt),
    index('agent_commissions_member_idx').on(t.agentUserId, t.memberUserId),
    index('agent_commissions_due_idx')
      .on(t.settleAt)
      .where(sql`${t.state} = 'pending'`),
    check('agent_commissions_amount_check', sql`${t.amountFen} >= 0`),
  ],
)

/** A withdrawal: the card as it was when asked for; operators record paid or failed. */
export const agentWithdrawals = pgTable(
  'agent_withdrawals',
  {
    id: serial('id').primaryKey(),
    agentUserId: integer('agent_user_id')
      .notNull()
      .references(() => users.id),
    amountFen: integer('amount_fen').notNull(),
    state: text('state', { enum: WITHDRAW_STATES }).notNull().default('pending'),
    cardHolder: text('card_holder').notNull(),
    cardBank: text('card_bank').notNull(),
    cardNo: text('card_no').notNull(),
    note: text('note').notNull().default(''),
    operatorId: integer('operator_id').references(() => users.id),
    createdAt: at('created_at').notNull(),
    settledAt: at('settled_at'),
  },
  (t) => [
    uniqueIndex('agent_withdrawals_one_pending_key')
      .on(t.agentUserId)
      .where(sql`${t.state} = 'pending'`),
    index('agent_withdrawals_agent_idx').on(t.agentUserId, t.createdAt),
    index('agent_withdrawals_state_idx').on(t.state, t.createdAt),
    check('agent_withdrawals_amount_check', sql`${t.amountFen} > 0`),
  ],
)

/** A cash coupon allocated to an agent, given to a member, used once by an order. */
export const agentCoupons = pgTable(
  'agent_coupons',
  {
    id: serial('id').primaryKey(),
    agentUserId: integer('agent_user_id')
      .notNull()
      .references(() => users.id),
    valueFen: integer('value_fen').notNull(),
    minOrderFen: integer('min_order_fen').notNull(),
    expiresAt: at('expires_at').notNull(),
    state: text('state', { enum: COUPON_STATES }).notNull().default('unissued'),
    holderUserId: integer('holder_user_id').references(() => users.id),
    /** The order that holds it (reserved) or used it. */
    orderId: integer('order_id').references(() => orders.id),
    allocatedBy: integer('allocated_by')
      .notNull()
      .references(() => users.id),
    createdAt: at('created_at').notNull(),
    givenAt: at('given_at'),
    usedAt: at('used_at'),
  },
  (t) => [
    index('agent_coupons_agent_idx').on(t.agentUserId, t.state, t.createdAt),
    index('agent_coupons_holder_idx').on(t.holderUserId, t.state),
    check('agent_coupons_value_check', sql`${t.valueFen} > 0 and ${t.minOrderFen} > ${t.valueFen}`),
  ],
)

/** An operator's notice to every agent (agentUserId null) or to one. */
export const agentNotices = pgTable(
  'agent_notices',
  {
    id: serial('id').primaryKey(),
    agentUserId: integer('agent_user_id').references(() => users.id),
    title: text('title').notNull(),
    content: text('content').notNull(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => users.id),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('agent_notices_to_idx').on(t.agentUserId, t.createdAt)],
)

export const agentNoticeReads = pgTable(
  'agent_notice_reads',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => agentNotices.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    readAt: at('read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] })],
)
