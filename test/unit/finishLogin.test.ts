import { stepsBackAfterLogin } from '@/features/account/finishLogin'

describe('where a login returns to', () => {
  it('goes back past the sign-in screens to the page that asked', () => {
    expect(stepsBackAfterLogin(['pages/mine/index', 'pages/public/login'])).toBe(1)
    expect(
      stepsBackAfterLogin(['pages/mine/index', 'pages/public/login', 'pages/public/register']),
    ).toBe(2)
    expect(stepsBackAfterLogin(['/pages/public/bindID', '/pages/public/login?stamp=AB'])).toBe(1)
  })

  it('returns to the real-name and agreement pages rather than skipping them', () => {
    expect(
      stepsBackAfterLogin(['pages/mine/index', 'pages/public/richText', 'pages/public/login']),
    ).toBe(1)
  })

  it('switches to the mine tab when the sign-in screens were opened straight from a link', () => {
    expect(stepsBackAfterLogin(['pages/public/login'])).toBeNull()
    expect(stepsBackAfterLogin(['pages/public/loginByWx', 'pages/public/register'])).toBeNull()
  })
})
