import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { capsuleInset } from '@/core/platform'
import { Route } from '@/core/routes'
import './ReaderMenu.scss'

interface Props {
  title: string
  fontSize: number
  night: boolean
  hasPrev: boolean
  hasNext: boolean
  canListen: boolean
  topInset: number
  onFont: (step: 1 | -1) => void
  onNight: () => void
  onTurn: (direction: 'prev' | 'next') => void
  onCatalogue: () => void
  onListen: () => void
  onClose: () => void
}

function leave() {
  if (Taro.getCurrentPages().length > 1) void Taro.navigateBack()
  else void Taro.switchTab({ url: Route.home })
}

/** The reader's bars: back and title on top; chapters, catalogue, size, night and listen below. */
export default function ReaderMenu(props: Props) {
  const { fontSize, night, hasPrev, hasNext } = props
  return (
    <View className={night ? 'reader-menu reader-menu--night' : 'reader-menu'}>
      <View
        className="reader-menu__top"
        style={{ paddingTop: `${props.topInset}px`, paddingRight: `${capsuleInset() + 12}px` }}
      >
        <View className="reader-menu__back" onClick={leave} />
        <Text className="reader-menu__title">{props.title}</Text>
      </View>
      <View className="reader-menu__mask" onClick={props.onClose} />
      <View className="reader-menu__bottom" data-testid="reader-menu">
        <View className="reader-menu__row">
          <Text
            className={hasPrev ? 'reader-menu__btn' : 'reader-menu__btn is-off'}
            data-testid="prev-chapter"
            onClick={() => hasPrev && props.onTurn('prev')}
          >
            上一章
          </Text>
          <Text
            className="reader-menu__btn"
            data-testid="open-catalogue"
            onClick={props.onCatalogue}
          >
            目录
          </Text>
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
            data-testid="font-down"
            onClick={() => props.onFont(-1)}
          >
            A-
          </Text>
          <Text className="reader-menu__size" data-testid="font-size">
            {fontSize}
          </Text>
          <Text className="reader-menu__btn" data-testid="font-up" onClick={() => props.onFont(1)}>
            A+
          </Text>
          <Text className="reader-menu__btn" data-testid="night" onClick={props.onNight}>
            {night ? '日间' : '夜间'}
          </Text>
          {props.canListen && (
            <Text className="reader-menu__btn" data-testid="listen" onClick={props.onListen}>
              听书
            </Text>
          )}
        </View>
      </View>
    </View>
  )
}
