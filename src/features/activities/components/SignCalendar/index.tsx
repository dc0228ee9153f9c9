import { Text, View } from '@tarojs/components'
import { monthCells, monthTitle } from '../../format'
import './index.scss'

const WEEK = ['日', '一', '二', '三', '四', '五', '六']

interface Props {
  /** Today's China day, 'YYYY-MM-DD'. */
  today: string
  /** The days I signed in. */
  days: readonly string[]
}

/** This month's calendar with the days I signed in marked. */
export default function SignCalendar({ today, days }: Props) {
  const cells = monthCells(today, new Set(days))
  return (
    <View className="sign-calendar">
      <Text className="sign-calendar__title">{monthTitle(today)}</Text>
      <View className="sign-calendar__grid">
        {WEEK.map((d) => (
          <Text key={`w${d}`} className="sign-calendar__week">
            {d}
          </Text>
        ))}
        {cells.map((cell, i) => (
          <View
            key={cell.date || `blank${i}`}
            className={[
              'sign-calendar__day',
              cell.signed ? 'sign-calendar__day--signed' : '',
              cell.today ? 'sign-calendar__day--today' : '',
            ].join(' ')}
            data-testid={cell.signed ? `signed-${cell.date}` : undefined}
          >
            <Text className="sign-calendar__num">{cell.day || ''}</Text>
          </View>
        ))}
      </View>
    </View>
  )
}
