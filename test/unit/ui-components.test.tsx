// The shared components built on taro-ui keep the markup pages and E2E tests rely on.
import { fireEvent, render } from '@testing-library/react'
import Cell, { CellGroup } from '@/components/Cell'
import Field from '@/components/Field'
import SubmitButton from '@/components/Form/SubmitButton'
import Tabs from '@/components/Tabs'
import TextArea from '@/components/TextArea'
import { setUpTaroDom } from './helpers/taroDom'

beforeAll(setUpTaroDom)

test('Field shows its label and an input found by its name', () => {
  const { container, getByText } = render(
    <Field label="手机号" name="mobile" value="138" onInput={() => undefined} extra={<i>x</i>} />,
  )
  expect(getByText('手机号')).toBeTruthy()
  expect(container.querySelector('.field [name="mobile"]')).not.toBeNull()
  expect(container.querySelector('.field > i')).not.toBeNull()
})

test('Cell shows title, value and arrow, and answers a tap', () => {
  const onClick = jest.fn()
  const { container, getByText } = render(
    <CellGroup>
      <Cell title="手机号" value="138****0000" onClick={onClick} />
      <Cell title="注销账号" danger arrow={false} />
    </CellGroup>,
  )
  expect(getByText('138****0000')).toBeTruthy()
  expect(container.querySelectorAll('.cell--arrow')).toHaveLength(1)
  expect(getByText('注销账号').className).toContain('cell__title--danger')
  fireEvent.click(getByText('手机号'))
  expect(onClick).toHaveBeenCalledTimes(1)
})

test('SubmitButton keeps the btn-primary class and ignores taps while busy', () => {
  const onClick = jest.fn()
  const { container, getByText, rerender } = render(
    <SubmitButton busy={false} onClick={onClick}>
      登录
    </SubmitButton>,
  )
  fireEvent.click(getByText('登录'))
  expect(onClick).toHaveBeenCalledTimes(1)
  rerender(
    <SubmitButton busy onClick={onClick}>
      登录
    </SubmitButton>,
  )
  expect(container.querySelector('.btn-primary.is-disabled .at-loading')).not.toBeNull()
  fireEvent.click(getByText('登录'))
  expect(onClick).toHaveBeenCalledTimes(1)
})

test('Tabs marks the current tab and reports a tap', () => {
  const onChange = jest.fn()
  const { container, getByText } = render(
    <Tabs titles={['日榜', '周榜', '月榜']} current={1} onChange={onChange} />,
  )
  expect(container.querySelector('.at-tabs__item--active')?.textContent).toBe('周榜')
  fireEvent.click(getByText('月榜'))
  expect(onChange).toHaveBeenCalledWith(2)
})

test('TextArea counts code points, so an emoji is one character', () => {
  const { getByText, container } = render(
    <TextArea name="content" value="好书👍" max={3} onInput={() => undefined} />,
  )
  expect(getByText('3/3').className).toContain('text-area__count--full')
  expect(container.querySelector('[name="content"]')).not.toBeNull()
})
