import type { ReactNode } from 'react'
import { SummaryRow } from '@/features/periodicals/public'
import type { MagazineSummary } from '@/types/api/magazines'
import { magazineDetailUrl } from '../links'

interface Props {
  magazine: MagazineSummary
  /** Under the texts: 收藏于… and 取消收藏 on a collected list. */
  extra?: ReactNode
}

/** A magazine in a list: cover, name, its latest issue and how many there are; opens its page. */
export default function MagazineRow({ magazine, extra }: Props) {
  return (
    <SummaryRow
      name={magazine.name}
      cover={magazine.cover}
      latest={magazine.latestIssueTitle ? `最新：${magazine.latestIssueTitle}` : '暂无期刊'}
      meta={`${magazine.categoryName} · 共${magazine.issueCount}期`}
      intro={magazine.intro}
      url={magazineDetailUrl(magazine.id)}
      testId={`magazine-${magazine.id}`}
      extra={extra}
    />
  )
}
