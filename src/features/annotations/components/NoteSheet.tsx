import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { AnnotationLimits, noteError } from '@rules/annotations'
import TextArea from '@/components/TextArea'
import { toast } from '@/core/toast'
import './NoteSheet.scss'

interface Props {
  quote: string
  initial: string
  busy: boolean
  /** The note trimmed, within the limit ('' clears it). */
  onSave: (note: string) => void
  onCancel: () => void
}

/**
 * Writing or editing a note (想法) on a passage, from the reader or the notes list: the passage, the
 * note with its count, 取消 and 保存.
 */
export default function NoteSheet({ quote, initial, busy, onSave, onCancel }: Props) {
  const [note, setNote] = useState(initial)
  const save = () => {
    if (busy) return
    const error = noteError(note)
    if (error) return toast(error)
    onSave(note.trim())
  }
  return (
    <View className="note-sheet">
      <View className="note-sheet__mask" onClick={onCancel} />
      <View className="note-sheet__panel" data-testid="note-sheet">
        <Text className="note-sheet__quote">{quote}</Text>
        <TextArea
          name="note"
          className="note-sheet__input"
          value={note}
          onInput={setNote}
          max={AnnotationLimits.noteMaxChars}
          placeholder="写下你的想法…"
        />
        <View className="note-sheet__foot">
          <Text className="note-sheet__btn" onClick={onCancel}>
            取消
          </Text>
          <Text
            className={busy ? 'note-sheet__btn is-off' : 'note-sheet__btn is-main'}
            data-testid="note-sheet-save"
            onClick={save}
          >
            保存
          </Text>
        </View>
      </View>
    </View>
  )
}
