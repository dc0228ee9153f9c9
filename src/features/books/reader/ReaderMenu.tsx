import { Slider, Text, View } from '@tarojs/components'
import { useState } from 'react'
import { capsuleInset } from '@/core/platform'
import { percentOf, placeAtPermyriad } from '@rules/progress'
import { leaveReader } from './leave'
import './ReaderMenu.scss'

/** The reader's settings as the menu shows them. */
export interface MenuPrefs {
  fontSize: number
  lineHeight: number
  brightness: number
  night: boolean
}

interface Props {
  title: string
  prefs: MenuPrefs
  hasPrev: boolean
  hasNext: boolean
  canListen: boolean
  topInset: number
  /** How far through the book the reader is (0..10000). */
  permyriad: number
  chapterCount: number
  /** The title of chapter `serial`, once the catalogue is known ('' before). */
  chapterTitle: (serial: number) => string
  onShelf: boolean
  bookmarked: boolean
  onFont: (step: 1 | -1) => void
  onLineHeight: (step: 1 | -1) => void
  onBrightness: (step: 1 | -1) => void
  onNight: () => void
  onTurn: (direction: 'prev' | 'next') => void
  /** A point of the slider (0..10000) was let go. */
  onSeek: (permyriad: number) => void
  onCatalogue: () => void
  onBookmark: () => void
  /** This book's highlights and notes. */
  onNotes: () => void
  onShelfAdd: () => void
  onListen: () => void
  onClose: () => void
}

interface StepperProps {
  label: string
  value: string
  testId: string
  down: string
  up: string
  onStep: (step: 1 | -1) => void
}

/** One setting stepped down and up, its value between. */
function Stepper({ label, value, testId, down, up, onStep }: StepperProps) {
  return (
    <View className="reader-menu__setting">
      <Text className="reader-menu__label">{label}</Text>
      <Text className="reader-menu__step" data-testid={`${testId}-down`} onClick={() => onStep(-1)}>
        {down}
      </Text>
      <Text className="reader-menu__value" data-testid={testId}>
        {value}
      </Text>
      <Text className="reader-menu__step" data-testid={`${testId}-up`} onClick={() => onStep(1)}>
        {up}
      </Text>
    </View>
  )
}

/**
 * The reader's bars: back, title and the bookcase on top; below, the chapter turns with the
 * progress slider (the chapter and percentage shown while dragging), the catalogue, a bookmark,
 * night mode and listening, and text size, line spacing and brightness.
 */
export default function ReaderMenu(props: Props) {
  const { prefs, hasPrev, hasNext } = props
  const [dragging, setDragging] = useState<number | null>(null)
  const shown = dragging ?? props.permyriad
  const place = placeAtPermyriad(shown, props.chapterCount)
  const label =
    dragging === null
      ? `已读 ${percentOf(props.permyriad)}%`
      : `${props.chapterTitle(place.serial) || `第${place.serial}章`} · ${percentOf(shown)}%`

  return (
    <View className={prefs.night ? 'reader-menu reader-menu--night' : 'reader-menu'}>
      <View
        className="reader-menu__top"
        style={{ paddingTop: `${props.topInset}px`, paddingRight: `${capsuleInset() + 12}px` }}
      >
        <View className="reader-menu__back" onClick={leaveReader} />
        <Text className="reader-menu__title">{props.title}</Text>
        <Text
          className={props.onShelf ? 'reader-menu__shelf is-on' : 'reader-menu__shelf'}
          data-testid="reader-shelf"
          onClick={() => !props.onShelf && props.onShelfAdd()}
        >
          {props.onShelf ? '已在书架' : '加入书架'}
        </Text>
      </View>
      <View className="reader-menu__mask" onClick={props.onClose} />
      <View className="reader-menu__bottom" data-testid="reader-menu">
        <Text className="reader-menu__progress" data-testid="reader-progress">
          {label}
        </Text>
        <View className="reader-menu__row">
          <Text
            className={hasPrev ? 'reader-menu__btn' : 'reader-menu__btn is-off'}
            data-testid="prev-chapter"
            onClick={() => hasPrev && props.onTurn('prev')}
          >
            上一章
          </Text>
          <Slider
            className="reader-menu__slider"
            data-testid="progress-slider"
            min={0}
            max={10000}
            step={1}
            value={shown}
            blockSize={20}
            activeColor="#c0392b"
            onChanging={(e) => setDragging(e.detail.value)}
            onChange={(e) => {
              setDragging(null)
              props.onSeek(e.detail.value)
            }}
          />
          <Text
            className={hasNext ? 'reader-menu__btn' : 'reader-menu__btn is-off'}
            data-testid="next-chapter"
            onClick={() => hasNext && props.onTurn('next')}
          >
            下一章
          </Text>
        </View>
        <View className="reader-menu__row">
          <Text
            className="reader-menu__btn"
            data-testid="open-catalogue"
            onClick={props.onCatalogue}
          >
            目录
          </Text>
          <Text
            className={props.bookmarked ? 'reader-menu__btn is-marked' : 'reader-menu__btn'}
            data-testid="bookmark"
            onClick={props.onBookmark}
          >
            {props.bookmarked ? '删除书签' : '添加书签'}
          </Text>
          <Text className="reader-menu__btn" data-testid="notes" onClick={props.onNotes}>
            笔记
          </Text>
          <Text className="reader-menu__btn" data-testid="night" onClick={props.onNight}>
            {prefs.night ? '日间' : '夜间'}
          </Text>
          {props.canListen && (
            <Text className="reader-menu__btn" data-testid="listen" onClick={props.onListen}>
              听书
            </Text>
          )}
        </View>
        <View className="reader-menu__settings">
          <Stepper
            label="字号"
            value={String(prefs.fontSize / 2)}
            testId="font-size"
            down="A-"
            up="A+"
            onStep={props.onFont}
          />
          <Stepper
            label="行距"
            value={prefs.lineHeight.toFixed(1)}
            testId="line-height"
            down="－"
            up="＋"
            onStep={props.onLineHeight}
          />
          <Stepper
            label="亮度"
            value={`${Math.round(prefs.brightness * 100)}%`}
            testId="brightness"
            down="－"
            up="＋"
            onStep={props.onBrightness}
          />
        </View>
      </View>
    </View>
  )
}
