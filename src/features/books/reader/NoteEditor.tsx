import { Text, Textarea, View } from '@tarojs/components'
import { useState } from 'react'
import { textLength } from '@rules/validate'
import { AnnotationLimits, noteError } from '@rules/annotations'
import './NoteEditor.scss'

interface Props {
  quote: string
  initial: string
  busy: boolean
  onSave: (note: string) => void
  onCancel: () => void
}

/** Writing a note (想法) on a passage: the passage, the note with its count, 取消 and 保存. */
export default function NoteEditor({ quote, initial, busy, onSave, onCancel }: Props) {
  const [note, setNote] = useState(initial)
  const error = noteError(note)
  return (
    <View className="note-editor">
      <View className="note-editor__mask" onClick={onCancel} />
      <View className="note-editor__panel" data-testid="note-editor">
        <Text className="note-editor__quote">{quote}</Text>
        <Textarea
          className="note-editor__input"
          data-testid="note-input"
          value={note}
          placeholder="写下你的想法…"
          maxlength={-1}
          focus
          autoHeight={false}
          onInput={(e) => setNote(e.detail.value)}
        />
        <View className="note-editor__foot">
          <Text className={error ? 'note-editor__count is-over' : 'note-editor__count'}>
            {error ?? `${textLength(note.trim())}/${AnnotationLimits.noteMaxChars}`}
          </Text>
          <Text className="note-editor__btn" onClick={onCancel}>
            取消
          </Text>
          <Text
            className={error || busy ? 'note-editor__btn is-off' : 'note-editor__btn is-main'}
            data-testid="note-save"
            onClick={() => !error && !busy && onSave(note.trim())}
          >
            保存
          </Text>
        </View>
      </View>
    </View>
  )
}
