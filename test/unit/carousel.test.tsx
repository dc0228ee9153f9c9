// The H5 home banner (src/components/Carousel/index.h5.tsx): slides after the first wait for the
// first one's image, the dots follow the scroll position and the slides turn by themselves.
import { act, fireEvent, render } from '@testing-library/react'
import Carousel from '@/components/Carousel/index.h5'

function slides() {
  return ['一', '二', '三'].map((name) => (
    <div key={name} className="slide">
      <img alt={name} src={`/posters/${name}.png`} />
    </div>
  ))
}

/** jsdom lays nothing out: a track 300 px wide that remembers where it was scrolled to. */
function layOut(track: HTMLElement) {
  Object.defineProperty(track, 'clientWidth', { configurable: true, value: 300 })
  const scrolls: number[] = []
  track.scrollTo = ((options: ScrollToOptions) => {
    scrolls.push(options.left ?? 0)
    track.scrollLeft = options.left ?? 0
  }) as typeof track.scrollTo
  return scrolls
}

beforeEach(() => jest.useFakeTimers())
afterEach(() => jest.useRealTimers())

test('only the first slide is mounted until its image loads; then all are', () => {
  const { container } = render(<Carousel interval={4000}>{slides()}</Carousel>)
  expect(container.querySelectorAll('.slide')).toHaveLength(1)
  expect(container.querySelectorAll('.carousel__slide')).toHaveLength(3)
  expect(container.querySelectorAll('.carousel__dot')).toHaveLength(3)
  fireEvent.load(container.querySelector('img') as HTMLImageElement)
  expect(container.querySelectorAll('.slide')).toHaveLength(3)
})

test('without a load the other slides come after 3 s', () => {
  const { container } = render(<Carousel>{slides()}</Carousel>)
  act(() => void jest.advanceTimersByTime(3000))
  expect(container.querySelectorAll('.slide')).toHaveLength(3)
})

test('the slides turn every interval, back to the first after the last; the dot follows', () => {
  const { container } = render(<Carousel interval={4000}>{slides()}</Carousel>)
  const track = container.querySelector('.carousel__track') as HTMLElement
  const scrolls = layOut(track)
  act(() => void jest.advanceTimersByTime(4000))
  act(() => void jest.advanceTimersByTime(4000))
  act(() => void jest.advanceTimersByTime(4000))
  expect(scrolls).toEqual([300, 600, 0])

  track.scrollLeft = 600
  fireEvent.scroll(track)
  const dots = [...container.querySelectorAll('.carousel__dot')]
  expect(dots.map((d) => d.classList.contains('carousel__dot--on'))).toEqual([false, false, true])
})

test('a finger on the banner stops the turning until it lifts', () => {
  const { container } = render(<Carousel interval={4000}>{slides()}</Carousel>)
  const track = container.querySelector('.carousel__track') as HTMLElement
  const scrolls = layOut(track)
  fireEvent.touchStart(track)
  act(() => void jest.advanceTimersByTime(12000))
  expect(scrolls).toEqual([])
  fireEvent.touchEnd(track)
  act(() => void jest.advanceTimersByTime(4000))
  expect(scrolls).toEqual([300])
})

test('one slide: no dots', () => {
  const { container } = render(
    <Carousel interval={4000}>
      <div className="slide">一</div>
    </Carousel>,
  )
  expect(container.querySelectorAll('.carousel__dot')).toHaveLength(0)
})
