import { Button, Text, View, type ITouchEvent } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import LoginRequired from '@/components/LoginRequired'
import PagedList from '@/components/PagedList'
import Tabs from '@/components/Tabs'
import { pageUrl, Route } from '@/core/routes'
import DocItem from '@/features/documents/components/DocItem'
import StateChip from '@/features/documents/components/StateChip'
import {
  docActions,
  docStateChip,
  uploadStateChip,
  type DocAction,
} from '@/features/documents/format'
import { contributeUrl, docReaderUrl, verifyUrl } from '@/features/documents/links'
import { useMyDocs } from '@/features/documents/useMyDocs'
import { useStores } from '@/stores'
import type { MyDocument } from '@/types/api/documents'
import type { MyIssue } from '@/types/api/magazines'
import type { MyEdition } from '@/types/api/newspapers'
import './myDoc.scss'

const TABS = ['文档', '杂志', '报纸'] as const
const UPLOAD = [
  { text: '上传文档', route: Route.addDoc },
  { text: '上传杂志', route: Route.magaAdd },
  { text: '上传报纸', route: Route.paperAdd },
] as const
const ACTION_TEXT: Record<DocAction, string> = {
  contribute: '投稿',
  fix: '修改',
  withdraw: '撤回',
  delete: '删除',
}

const go = (url: string) => void Taro.navigateTo({ url })

/** The reason under a state that did not pass. */
function Reason({ text }: { text: string }) {
  return text ? <Text className="my-doc__reason">原因：{text}</Text> : null
}

/** A magazine issue or newspaper edition of mine: its state, and where a tap takes me. */
function UploadRow(props: {
  testId: string
  title: string
  subtitle: string
  state: 'pending' | 'approved' | 'rejected'
  reason: string
  onOpen: () => void
}) {
  return (
    <View className="my-doc__upload" data-testid={props.testId} onClick={props.onOpen}>
      <View className="my-doc__upload-head">
        <Text className="my-doc__upload-title">{props.title}</Text>
        <StateChip chip={uploadStateChip(props.state)} />
      </View>
      <Text className="muted">{props.subtitle}</Text>
      <Reason text={props.state === 'rejected' ? props.reason : ''} />
    </View>
  )
}

/**
 * 我的文档: my documents with their state in the library (私有, 审核中, 已公开, 未通过 with the
 * reason) and what I can do with each; my uploaded magazine issues and newspaper editions.
 */
function MyDocPage() {
  const { params } = useRouter()
  const { session } = useStores()
  const [tab, setTab] = useState(() => Math.max(0, Math.min(2, Number(params.tab) || 0)))
  const mine = useMyDocs(session.isLoggedIn)

  if (!session.isLoggedIn) return <LoginRequired text="登录后查看我的文档" />

  const act = (action: DocAction, doc: MyDocument) => (e: ITouchEvent) => {
    e.stopPropagation()
    if (action === 'contribute') go(contributeUrl(doc.id))
    else if (action === 'fix') go(verifyUrl(doc.id))
    else if (action === 'withdraw') void mine.withdraw(doc)
    else void mine.remove(doc)
  }

  const renderDoc = (doc: MyDocument) => {
    if (mine.docs.hidden.has(doc.id)) return null
    const chip = docStateChip(doc)
    return (
      <DocItem
        doc={doc}
        onClick={() => go(docReaderUrl(doc.id))}
        extra={
          <View className="my-doc__extra">
            <View className="my-doc__state">
              <StateChip chip={chip} testId={`doc-state-${doc.id}`} />
            </View>
            <Reason text={chip.tone === 'bad' ? doc.reviewReason : ''} />
            <View className="my-doc__actions">
              {docActions(doc).map((action) => (
                <Text
                  key={action}
                  className={
                    action === 'delete' ? 'my-doc__action my-doc__action--plain' : 'my-doc__action'
                  }
                  data-testid={`doc-${action}-${doc.id}`}
                  onClick={act(action, doc)}
                >
                  {ACTION_TEXT[action]}
                </Text>
              ))}
            </View>
          </View>
        }
      />
    )
  }

  const renderIssue = (issue: MyIssue) => (
    <UploadRow
      testId={`my-issue-${issue.issueId}`}
      title={`${issue.magazineName} · ${issue.title}`}
      subtitle={`第${issue.serial}期 · ${issue.articleCount}篇`}
      state={issue.reviewState}
      reason={issue.reviewReason}
      onOpen={() =>
        go(
          issue.reviewState === 'rejected'
            ? pageUrl(Route.magaAdd, { issueId: issue.issueId })
            : pageUrl(Route.magaDetail, { id: issue.magazineId }),
        )
      }
    />
  )

  const renderEdition = (edition: MyEdition) => (
    <UploadRow
      testId={`my-edition-${edition.editionId}`}
      title={`${edition.newspaperName} · ${edition.title || edition.date}`}
      subtitle={`${edition.date} · ${edition.pageCount}个版面`}
      state={edition.reviewState}
      reason={edition.reviewReason}
      onOpen={() =>
        go(
          edition.reviewState === 'rejected'
            ? pageUrl(Route.paperAdd, { editionId: edition.editionId })
            : pageUrl(Route.paperDetail, { id: edition.newspaperId }),
        )
      }
    />
  )

  const upload = UPLOAD[tab]
  return (
    <View className="page my-doc">
      <Tabs titles={TABS} current={tab} onChange={setTab} />
      <View className="my-doc__bar">
        <Text className="muted my-doc__hint">
          {tab === 0 ? '上传的文档仅自己可见，投稿审核通过后进入文库' : '上传后需审核，通过后公开'}
        </Text>
        <Button
          className="btn-primary my-doc__upload-btn"
          data-testid="my-doc-upload"
          onClick={() => go(upload.route)}
        >
          {upload.text}
        </Button>
      </View>
      {tab === 0 ? (
        <PagedList
          emptyKind="generic"
          key={`docs|${mine.docs.generation}`}
          load={mine.docs.load}
          keyOf={(doc) => doc.id}
          renderItem={renderDoc}
          emptyText="还没有上传过文档"
        />
      ) : tab === 1 ? (
        <PagedList
          emptyKind="generic"
          key={`issues|${mine.issues.generation}`}
          load={mine.issues.load}
          keyOf={(issue) => issue.issueId}
          renderItem={renderIssue}
          emptyText="还没有上传过杂志"
        />
      ) : (
        <PagedList
          emptyKind="generic"
          key={`editions|${mine.editions.generation}`}
          load={mine.editions.load}
          keyOf={(edition) => edition.editionId}
          renderItem={renderEdition}
          emptyText="还没有上传过报纸"
        />
      )}
    </View>
  )
}

export default observer(MyDocPage)
