import { Text, View } from '@tarojs/components'
import { HIGHLIGHT_COLOURS, HIGHLIGHT_COLOUR_INFO, type HighlightColour } from '@rules/annotations'
import './HighlightBar.scss'

interface Props {
  night: boolean
  /** The passage the bar acts on (a new selection, or the highlight tapped). */
  quote: string
  /** The highlight's colour when it exists, null for a new selection. */
  colour: HighlightColour | null
  note: string
  /** Sentences to choose from where there is no text selection (weapp); null elsewhere. */
  sentences: Array<{ text: string; chosen: boolean }> | null
  busy: boolean
  onSentence: (index: number) => void
  onColour: (colour: HighlightColour) => void
  onNote: () => void
  onDelete: () => void
  onShare: () => void
  onClose: () => void
}

/**
 * The bar over a selection or a highlight: the passage, the colours (a new selection is marked
 * by picking one), 写想法 / 改想法, and for a highlight 删除 and 分享.
 */
export default function HighlightBar(props: Props) {
  const existing = props.colour !== null
  return (
    <View className={props.night ? 'mark-bar mark-bar--night' : 'mark-bar'}>
      <View className="mark-bar__mask" onClick={props.onClose} />
      <View className="mark-bar__panel" data-testid="mark-bar">
        {props.sentences ? (
          <View className="mark-bar__sentences">
            {props.sentences.map((s, i) => (
              <Text
                key={i}
                className={s.chosen ? 'mark-bar__sentence is-on' : 'mark-bar__sentence'}
                onClick={() => props.onSentence(i)}
              >
                {s.text}
              </Text>
            ))}
          </View>
        ) : (
          <Text className="mark-bar__quote" data-testid="mark-quote">
            {props.quote}
          </Text>
        )}
        {props.note && <Text className="mark-bar__note">想法：{props.note}</Text>}
        <View className="mark-bar__colours">
          {HIGHLIGHT_COLOURS.map((c) => (
            <View
              key={c}
              className={c === props.colour ? 'mark-bar__colour is-on' : 'mark-bar__colour'}
              style={{ background: HIGHLIGHT_COLOUR_INFO[c].css }}
              data-testid={`mark-colour-${c}`}
              aria-label={HIGHLIGHT_COLOUR_INFO[c].name}
              onClick={() => !props.busy && props.onColour(c)}
            />
          ))}
        </View>
        <View className="mark-bar__actions">
          <Text className="mark-bar__action" data-testid="mark-note" onClick={props.onNote}>
            {props.note ? '改想法' : '写想法'}
          </Text>
          {existing && (
            <Text className="mark-bar__action" data-testid="mark-share" onClick={props.onShare}>
              分享到读后感
            </Text>
          )}
          {existing && (
            <Text
              className="mark-bar__action mark-bar__action--danger"
              data-testid="mark-delete"
              onClick={props.onDelete}
            >
              删除划线
            </Text>
          )}
        </View>
      </View>
    </View>
  )
}
