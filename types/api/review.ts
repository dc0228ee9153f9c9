/**
 * The review contract (issue 14): operators (users with the operator role, granted by
 * `npm run grant-operator`, see the README) decide on what readers upload: magazine issues,
 * newspaper editions, documents contributed to the library and videos. Every call is an operator's: a
 * reader gets 403 '仅运营人员可以审核', whoever owns the item. The owner is told the decision in the
 * messages centre (a notice). An operator console comes later; these calls are its API.
 */
import {
  call,
  Flag,
  Id,
  OneOf,
  PageOf,
  Paging,
  Trimmed,
  Type,
  type CallInput,
  type Static,
} from './contract'

/** What can be reviewed. */
export const REVIEW_KINDS = ['magazine', 'newspaper', 'document', 'video'] as const
export type ReviewKind = (typeof REVIEW_KINDS)[number]

export const REVIEW_STATES = ['pending', 'approved', 'rejected'] as const

export const ReviewLimits = {
  /** The reason of a rejection, after trimming. */
  reasonMaxChars: 200,
  pageSize: 10,
  pageSizeMax: 50,
} as const

export const ReviewText = {
  kindInvalid: '审核类型不正确',
  itemNotFound: '内容不存在',
  reasonMissing: '请填写未通过的原因',
  reasonTooLong: `原因不能超过${ReviewLimits.reasonMaxChars}字`,
  notPending: '该内容不在待审核状态',
  notOperator: '仅运营人员可以审核',
} as const

const Kind = () => OneOf(REVIEW_KINDS, ReviewText.kindInvalid)

/** An item waiting for a decision. */
export const PendingItem = Type.Object({
  kind: Type.Union(REVIEW_KINDS.map((k) => Type.Literal(k))),
  /** The issue's, edition's, document's or video's id. */
  id: Type.Integer(),
  /** The title, the newspaper's name and the edition's date, or the document's title. */
  title: Type.String(),
  /** The magazine's or newspaper's name, a video's channel; '' for a document. */
  parentName: Type.String(),
  /** The (else the magazine's) or edition's (else the newspaper's) cover, a document's thumb, a video's cover; may be ''. */
  cover: Type.String(),
  /** The uploader (0 and '' for the house's own). */
  ownerId: Type.Integer(),
  ownerNickname: Type.String(),
  /** When it was (last) submitted: a document's submission, an issue's or edition's last change. */
  submittedAt: Type.Integer(),
})
export type PendingItem = Static<typeof PendingItem>

export const DecideRes = Type.Object({
  kind: Type.Union(REVIEW_KINDS.map((k) => Type.Literal(k))),
  id: Type.Integer(),
  reviewState: Type.Union(REVIEW_STATES.map((s) => Type.Literal(s))),
  reviewReason: Type.String(),
})
export type DecideRes = Static<typeof DecideRes>

export const reviewApi = {
  pendingList: call({
    summary: `Operators: the items of one \`kind\` waiting for review, oldest submission first; pages of 1..${ReviewLimits.pageSizeMax} (default ${ReviewLimits.pageSize}). Readers: 403.`,
    auth: true,
    rest: { method: 'GET', path: '/api/review/findPendingList' },
    input: Type.Object({ kind: Kind(), ...Paging }),
    answer: PageOf(PendingItem),
  }),
  decide: call({
    summary:
      "Operators: `pass` 1 approves (public), 0 rejects with `reason` (1..200 characters, else 400 '请填写未通过的原因'). Only a pending item is decided (else 400 '该内容不在待审核状态': of two operators deciding at once, one wins). The owner gets a notice. Readers: 403.",
    auth: true,
    rest: { method: 'POST', path: '/api/review/decide' },
    input: Type.Object({
      kind: Kind(),
      id: Id(ReviewText.itemNotFound),
      pass: Flag(),
      reason: Type.Optional(Trimmed(ReviewLimits.reasonMaxChars * 4)),
    }),
    answer: DecideRes,
  }),
}

export type PendingListReq = CallInput<typeof reviewApi.pendingList>
export type DecideReq = CallInput<typeof reviewApi.decide>
