import { Children, isValidElement, type ReactNode } from 'react'

export interface CarouselProps {
  className?: string
  /** Milliseconds between two slides turning by themselves. */
  interval?: number
  /** One child per slide, each with its key. */
  children: ReactNode
}

export interface Slide {
  key: string | number
  node: ReactNode
}

/** The slides of a carousel, each with its child's key (or its place when it has none). */
export function slidesOf(children: ReactNode): Slide[] {
  return Children.toArray(children).map((node, i) => ({
    key: isValidElement(node) && node.key !== null ? node.key : i,
    node,
  }))
}
