import { Text, View } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { HIGHLIGHT_COLOUR_INFO } from '@rules/annotations'
import LoginRequired from '@/components/LoginRequired'
import PagedList from '@/components/PagedList'
import { formatMessageTime } from '@/core/time'
import { useNotes } from '@/features/annotations/useNotes'
import NoteSheet from '@/features/annotations/components/NoteSheet'
import { readUrl } from '@/features/books/links'
import { useStores } from '@/stores'
import type { Highlight } from '@/types/api/annotations'
import './notes.scss'

interface ItemProps {
  item: Highlight
  /** The list is of one book: the book's name is left out of each row. */
  oneBook: boolean
  onEdit: () => void
  onDelete: () => void
  onShare: () => void
}

function NoteItem({ item: h, oneBook, onEdit, onDelete, onShare }: ItemProps) {
  const open = () => void Taro.navigateTo({ url: readUrl(h.booksId, h.serial, h.paragraph) })
  const source = oneBook ? h.chapterTitle : `《${h.booksName}》· ${h.chapterTitle}`
  return (
    <View className="note" data-testid={`note-item-${h.id}`}>
      <View className="note__quote" hoverClass="note__quote--hover" onClick={open}>
        <View
          className="note__mark"
          style={{ backgroundColor: HIGHLIGHT_COLOUR_INFO[h.colour].css }}
        />
        {/* Plain text, never HTML. */}
        <Text className="note__text">{h.quote}</Text>
      </View>
      {h.note !== '' && (
        <Text className="note__note" userSelect>
          {h.note}
        </Text>
      )}
      <View className="note__source" onClick={open}>
        <Text className="note__where">{source}</Text>
        <Text className="muted">{formatMessageTime(h.updatedAt * 1000)}</Text>
      </View>
      <View className="note__actions">
        <Text className="note__action" onClick={open}>
          原文
        </Text>
        <Text className="note__action" data-testid={`note-edit-${h.id}`} onClick={onEdit}>
          {h.note ? '编辑想法' : '写想法'}
        </Text>
        <Text className="note__action" data-testid={`note-share-${h.id}`} onClick={onShare}>
          {h.postId === null ? '分享到读后感' : '已分享'}
        </Text>
        <Text className="note__action" data-testid={`note-delete-${h.id}`} onClick={onDelete}>
          删除
        </Text>
      </View>
    </View>
  )
}

/** My highlights and notes: of one book (`id`) in text order, else across books, most recent first. */
function NotesPage() {
  const { params } = useRouter()
  const id = Number(params.id)
  const booksId = Number.isInteger(id) && id > 0 ? id : undefined
  const { session } = useStores()
  const notes = useNotes(booksId, session.isLoggedIn)
  const { list } = notes

  if (!session.isLoggedIn) return <LoginRequired kind="reflections" text="登录后查看我的笔记" />

  return (
    <View className="page notes">
      <PagedList
        key={list.generation}
        load={list.load}
        handle={notes.handle}
        keyOf={(h) => h.id}
        renderItem={(h) =>
          list.hidden.has(h.id) ? null : (
            <NoteItem
              item={h}
              oneBook={booksId !== undefined}
              onEdit={() => notes.edit(h)}
              onDelete={() => void notes.remove(h)}
              onShare={() => void notes.share(h)}
            />
          )
        }
        emptyText="还没有划线和想法"
        emptyKind="reflections"
      />
      {notes.editing && (
        <NoteSheet
          key={notes.editing.id}
          quote={notes.editing.quote}
          initial={notes.editing.note}
          busy={notes.saving}
          onSave={(note) => void notes.saveNote(note)}
          onCancel={notes.cancelEdit}
        />
      )}
    </View>
  )
}

export default observer(NotesPage)
