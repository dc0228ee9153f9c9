import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { capsuleInset } from '@/core/platform'
import { leaveReader, type MenuPrefs } from '@/features/books/public'
import './ArticleMenu.scss'

/** A turn (上一篇, 下一期...) as the menu and the article's end show it. */
export interface Turn {
  label: string
  enabled: boolean
  testId: string
  onClick: () => void
}

/** A button of the menu's middle row. */
export interface MenuAction {
  label: string
  testId: string
  onClick: () => void
}

interface Props {
  title: string
  prefs: MenuPrefs
  topInset: number
  /** Under the turns: 已读 2/6. */
  progress?: string
  prev: Turn
  next: Turn
  actions: MenuAction[]
  /** On the top bar's right (share). */
  aside?: ReactNode
  onFont: (step: 1 | -1) => void
  onLineHeight: (step: 1 | -1) => void
  onBrightness: (step: 1 | -1) => void
  onNight: () => void
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

/** One setting stepped down and up, its value between (as in the book reader's menu). */
export function Stepper({ label, value, testId, down, up, onStep }: StepperProps) {
  return (
    <View className="article-menu__setting">
      <Text className="article-menu__label">{label}</Text>
      <Text
        className="article-menu__step"
        data-testid={`${testId}-down`}
        onClick={() => onStep(-1)}
      >
        {down}
      </Text>
      <Text className="article-menu__value" data-testid={testId}>
        {value}
      </Text>
      <Text className="article-menu__step" data-testid={`${testId}-up`} onClick={() => onStep(1)}>
        {up}
      </Text>
    </View>
  )
}

function TurnButton({ turn }: { turn: Turn }) {
  return (
    <Text
      className={turn.enabled ? 'article-menu__btn' : 'article-menu__btn is-off'}
      data-testid={turn.testId}
      onClick={() => turn.enabled && turn.onClick()}
    >
      {turn.label}
    </Text>
  )
}

/**
 * The article reader's bars, as in the book reader: back and title on top; below, the turns, the
 * page's actions (contents, night mode) and text size, line spacing and brightness.
 */
export default function ArticleMenu(props: Props) {
  const { prefs } = props
  return (
    <View className={prefs.night ? 'article-menu article-menu--night' : 'article-menu'}>
      <View
        className="article-menu__top"
        style={{ paddingTop: `${props.topInset}px`, paddingRight: `${capsuleInset() + 12}px` }}
      >
        <View className="article-menu__back" data-testid="reader-back" onClick={leaveReader} />
        <Text className="article-menu__title">{props.title}</Text>
        {props.aside}
      </View>
      <View className="article-menu__mask" onClick={props.onClose} />
      <View className="article-menu__bottom" data-testid="reader-menu">
        {props.progress && (
          <Text className="article-menu__progress" data-testid="reader-progress">
            {props.progress}
          </Text>
        )}
        <View className="article-menu__row">
          <TurnButton turn={props.prev} />
          <TurnButton turn={props.next} />
        </View>
        <View className="article-menu__row">
          {props.actions.map((action) => (
            <Text
              key={action.testId}
              className="article-menu__btn"
              data-testid={action.testId}
              onClick={action.onClick}
            >
              {action.label}
            </Text>
          ))}
          <Text className="article-menu__btn" data-testid="night" onClick={props.onNight}>
            {prefs.night ? '日间' : '夜间'}
          </Text>
        </View>
        <View className="article-menu__settings">
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

/** The turns under an article's last paragraph. */
export function ArticleEnd({ note, prev, next }: { note: string; prev: Turn; next: Turn }) {
  return (
    <View className="article-end">
      <Text className="article-end__note">{note}</Text>
      <View className="article-end__actions">
        {prev.enabled && (
          <Text
            className="article-end__btn"
            data-testid={`end-${prev.testId}`}
            onClick={prev.onClick}
          >
            {prev.label}
          </Text>
        )}
        {next.enabled && (
          <Text
            className="article-end__btn article-end__btn--main"
            data-testid={`end-${next.testId}`}
            onClick={next.onClick}
          >
            {next.label}
          </Text>
        )}
      </View>
    </View>
  )
}
