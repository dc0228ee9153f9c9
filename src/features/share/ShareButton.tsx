import { Button } from '@tarojs/components'
import type { CSSProperties } from 'react'
import { isWeapp } from '@/core/platform'
import './ShareButton.scss'

interface Props {
  /** The action from useShareCard (H5); the mini-program's button opens WeChat's share sheet. */
  onShare: () => void
  /** Replaces the default look. */
  className?: string
  /** Fixed over the page (the reader's menu, a web view). */
  floating?: boolean
  /** Over a web view: none on the mini-program, where nothing native shows above one (the
   * capsule's menu shares the page there). */
  overWebView?: boolean
  style?: CSSProperties
}

/** A shareable page's 分享 button. */
export default function ShareButton(props: Props) {
  const { onShare, className, floating = false, overWebView = false, style } = props
  // A page's own class replaces the small default look (to match the buttons beside it).
  const classes = [className || 'share-button', floating ? 'share-button--floating' : '']
    .filter(Boolean)
    .join(' ')
  if (isWeapp()) {
    if (overWebView) return null
    return (
      <Button className={classes} style={style} openType="share" data-testid="share">
        分享
      </Button>
    )
  }
  return (
    <Button className={classes} style={style} onClick={onShare} data-testid="share">
      分享
    </Button>
  )
}
