import { Text } from '@tarojs/components'
import type { StateChip as Chip } from '../../format'
import './index.scss'

/** A review state as a small coloured chip (私有, 审核中, 已公开 / 已发布, 未通过). */
export default function StateChip({ chip, testId }: { chip: Chip; testId?: string }) {
  return (
    <Text className={`state-chip state-chip--${chip.tone}`} data-testid={testId}>
      {chip.label}
    </Text>
  )
}
