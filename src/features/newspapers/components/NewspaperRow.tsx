import type { ReactNode } from 'react'
import { SummaryRow } from '@/features/periodicals/public'
import type { NewspaperSummary } from '@/types/api/newspapers'
import { longDate } from '../editions'
import { newspaperDetailUrl } from '../links'

interface Props {
  newspaper: NewspaperSummary
  /** Under the texts: 收藏于… and 取消收藏 on a collected list. */
  extra?: ReactNode
}

/** A newspaper in a list: its latest front page, name, latest date and editions; opens its page. */
export default function NewspaperRow({ newspaper, extra }: Props) {
  return (
    <SummaryRow
      name={newspaper.name}
      cover={newspaper.cover}
      latest={newspaper.latestDate ? `最新：${longDate(newspaper.latestDate)}` : '暂无报纸'}
      meta={`${newspaper.categoryName} · 共${newspaper.editionCount}期`}
      intro={newspaper.intro}
      url={newspaperDetailUrl(newspaper.id)}
      testId={`newspaper-${newspaper.id}`}
      extra={extra}
    />
  )
}
