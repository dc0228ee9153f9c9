import { RedeemLimits } from '@rules/shop'

/** The code field takes a code with its dashes and a few spaces (12 letters or digits). */
export const CODE_INPUT_MAX = RedeemLimits.codeLength * 2
