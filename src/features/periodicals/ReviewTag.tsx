import { Text, View } from '@tarojs/components'
import { REVIEW_STATE_NAMES } from '@rules/periodicals'
import type { ReviewState } from '@/types/api/magazines'
import './ReviewTag.scss'

interface Props {
  state: ReviewState
  reason?: string
  /** Show the reason under the tag (a rejected upload). */
  withReason?: boolean
  testId?: string
}

/** 审核中 / 未通过 on an owner's upload (nothing once approved), with the reason when asked. */
export default function ReviewTag({ state, reason = '', withReason = false, testId }: Props) {
  if (state === 'approved') return null
  return (
    <View className="review-tag" data-testid={testId}>
      <Text className={`review-tag__state review-tag__state--${state}`}>
        {REVIEW_STATE_NAMES[state]}
      </Text>
      {withReason && state === 'rejected' && reason && (
        <Text className="review-tag__reason">原因：{reason}</Text>
      )}
    </View>
  )
}
