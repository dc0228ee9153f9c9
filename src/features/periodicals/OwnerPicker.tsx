import { Input, Text, View } from '@tarojs/components'
import { PeriodicalLimits } from '@rules/periodicals'
import TextArea from '@/components/TextArea'
import type { PeriodicalCategory } from '@/types/api/magazines'
import type { OwnerFields } from './uploadForm'
import './UploadForm.scss'

interface Props {
  /** 杂志 or 报纸. */
  noun: string
  /** My magazines (or newspapers), from my uploads. */
  mine: Array<{ id: number; name: string }>
  categories: PeriodicalCategory[]
  value: OwnerFields
  onChange: (next: OwnerFields) => void
  /** Editing an upload: its magazine is fixed (its name shown), category and intro may change. */
  lockedName?: string
}

export function Chip(props: {
  label: string
  active: boolean
  testId: string
  onClick: () => void
}) {
  return (
    <Text
      className={props.active ? 'upload-form__chip is-on' : 'upload-form__chip'}
      data-testid={props.testId}
      onClick={props.onClick}
    >
      {props.label}
    </Text>
  )
}

/**
 * Whose issue (or edition) this is: a new magazine with its name, category and intro, or one of
 * mine. When editing, the magazine is fixed and its category and intro can be changed.
 */
export default function OwnerPicker({
  noun,
  mine,
  categories,
  value,
  onChange,
  lockedName,
}: Props) {
  const set = (change: Partial<OwnerFields>) => onChange({ ...value, ...change })
  const isNew = value.owner === 'new'
  return (
    <View className="upload-form__section">
      <Text className="upload-form__label">{noun}</Text>
      {lockedName ? (
        <Text className="upload-form__fixed" data-testid="owner-name">
          {lockedName}
        </Text>
      ) : (
        <View className="upload-form__chips">
          <Chip
            label={`新${noun}`}
            active={isNew}
            testId="owner-new"
            onClick={() => set({ owner: 'new' })}
          />
          {mine.map((m) => (
            <Chip
              key={m.id}
              label={m.name}
              active={value.owner === m.id}
              testId={`owner-${m.id}`}
              onClick={() => set({ owner: m.id })}
            />
          ))}
        </View>
      )}
      {isNew && !lockedName && (
        <Input
          className="upload-form__input"
          name="name"
          value={value.name}
          placeholder={`${noun}名称（${PeriodicalLimits.nameMinChars}-${PeriodicalLimits.nameMaxChars}字）`}
          maxlength={PeriodicalLimits.nameMaxChars * 2}
          onInput={(e) => set({ name: e.detail.value })}
        />
      )}
      {(isNew || lockedName) && (
        <>
          <Text className="upload-form__label">分类</Text>
          <View className="upload-form__chips">
            {categories.map((c) => (
              <Chip
                key={c.id}
                label={c.name}
                active={value.categoryId === c.id}
                testId={`category-${c.id}`}
                onClick={() => set({ categoryId: c.id })}
              />
            ))}
          </View>
          <Text className="upload-form__label">简介（选填）</Text>
          <TextArea
            className="upload-form__content"
            name="intro"
            value={value.intro}
            max={PeriodicalLimits.introMaxChars}
            placeholder={`介绍一下这份${noun}`}
            onInput={(intro) => set({ intro })}
          />
        </>
      )}
    </View>
  )
}
