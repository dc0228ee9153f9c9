import {
  checkControlChars,
  checkPassword,
  CONTROL_CHARS_TEXT,
  hasControlChars,
  idCardCheckChar,
  isBlank,
  isChineseName,
  isDecimal2,
  isDigits,
  isEmail,
  isIdCard,
  isNotBlank,
  isPassword,
  isPhone,
  utf8Length,
  ValidationText,
} from '@rules/validate'

/** A well-formed ID number for a birth date, with the right check character. */
const idFor = (birth: string, area = '110105', seq = '002'): string => {
  const first17 = `${area}${birth}${seq}`
  return first17 + idCardCheckChar(first17)
}

describe('isPhone', () => {
  it.each(['13800138000', '19912345678', '15000000000'])('accepts %s', (value) => {
    expect(isPhone(value)).toBe(true)
  })
  it.each([
    ['12800138000', 'second digit 2'],
    ['10800138000', 'second digit 0'],
    ['1380013800', '10 digits'],
    ['138001380000', '12 digits'],
    ['23800138000', 'starts with 2'],
    ['1380013800a', 'a letter'],
    ['', 'empty'],
  ])('rejects %s (%s)', (value) => {
    expect(isPhone(value)).toBe(false)
  })
})

describe('isEmail', () => {
  it.each(['a@b.cn', 'reader.one+tag@mail.example.com'])('accepts %s', (value) => {
    expect(isEmail(value)).toBe(true)
  })
  it.each(['a@b', 'a.b.cn', '@b.cn', 'a@b.c', 'a b@c.cn', `${'a'.repeat(250)}@b.cn`])(
    'rejects %s',
    (value) => {
      expect(isEmail(value)).toBe(false)
    },
  )
})

describe('isChineseName', () => {
  it.each(['张三', '欧阳娜娜', '王小明'])('accepts %s', (value) => {
    expect(isChineseName(value)).toBe(true)
  })
  it.each(['张', '司马相如之子', 'Tom', '张3', '张 三', ''])('rejects %s', (value) => {
    expect(isChineseName(value)).toBe(false)
  })
})

describe('isIdCard', () => {
  it('accepts a real number with its check digit (X included)', () => {
    expect(isIdCard('11010519491231002X')).toBe(true)
    expect(isIdCard('11010519491231002x')).toBe(true)
    expect(isIdCard(idFor('20000229'))).toBe(true)
  })

  it('rejects a wrong check character', () => {
    const good = idFor('19900101')
    const wrong = good.slice(0, 17) + (good[17] === '0' ? '1' : '0')
    expect(isIdCard(good)).toBe(true)
    expect(isIdCard(wrong)).toBe(false)
  })

  it.each([
    ['19990230', '30 February'],
    ['19990229', '29 February in a common year'],
    ['19001301', 'month 13'],
    ['19991100', 'day 0'],
    ['19990431', '31 April'],
    ['18991231', 'before 1900'],
  ])('rejects the impossible date %s (%s) even with a right check digit', (birth) => {
    expect(isIdCard(idFor(birth))).toBe(false)
  })

  it('rejects a birth date in the future', () => {
    const next = new Date().getFullYear() + 1
    expect(isIdCard(idFor(`${next}0101`))).toBe(false)
  })

  it.each(['1101051949123100', '01010519491231002X', '11010519491231002Y', ''])(
    'rejects the malformed %s',
    (value) => {
      expect(isIdCard(value)).toBe(false)
    },
  )
})

describe('isPassword', () => {
  it.each(['abc123', 'A1b2c3d4', 'pass word 1'])('accepts %s', (value) => {
    expect(isPassword(value)).toBe(true)
  })
  it.each([
    ['ab123', 'five characters'],
    ['abcdef', 'no digit'],
    ['123456', 'no letter'],
    ['a1'.repeat(17), 'over 32 characters'],
  ])('rejects %s (%s)', (value) => {
    expect(isPassword(value)).toBe(false)
  })
})

describe('checkPassword', () => {
  it('says which rule a password breaks', () => {
    expect(checkPassword('')).toBe(ValidationText.passwordRequired)
    expect(checkPassword('ab1')).toBe(ValidationText.passwordInvalid)
    expect(checkPassword('a1'.repeat(17))).toBe(ValidationText.passwordTooLong)
    expect(checkPassword('a1'.repeat(16))).toBeNull()
  })
})

describe('isDecimal2', () => {
  it.each(['0', '12', '0.5', '12.34', '100.0'])('accepts %s', (value) => {
    expect(isDecimal2(value)).toBe(true)
  })
  it.each(['1.234', '01', '.5', '5.', '-1', '1,5', 'abc', ''])('rejects %s', (value) => {
    expect(isDecimal2(value)).toBe(false)
  })
})

describe('isDigits', () => {
  it('accepts only digits', () => {
    expect(isDigits('0123')).toBe(true)
    expect(isDigits('12a')).toBe(false)
    expect(isDigits('1.2')).toBe(false)
    expect(isDigits('')).toBe(false)
  })
})

describe('isBlank', () => {
  it.each([null, undefined, '', '   ', 'null', ' null ', 'undefined'])('%p is blank', (value) => {
    expect(isBlank(value)).toBe(true)
    expect(isNotBlank(value)).toBe(false)
  })
  it.each(['a', 0, ' x ', 'nullable', false])('%p is not blank', (value) => {
    expect(isBlank(value)).toBe(false)
  })
})

describe('utf8Length', () => {
  it('counts UTF-8 bytes (remark limit)', () => {
    expect(utf8Length('abc')).toBe(3)
    expect(utf8Length('书友')).toBe(6)
    expect(utf8Length('é')).toBe(2)
    expect(utf8Length('😀')).toBe(4)
  })
})

describe('hasControlChars', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['ESC', '\u001b[31m'],
    ['bell', '\u0007'],
    ['vertical tab', 'a\u000bb'],
    ['form feed', 'a\u000cb'],
    ['lone carriage return', 'a\rb'],
    ['trailing carriage return', 'ab\r'],
    ['DEL', 'a\u007fb'],
    ['C1 next line', 'a\u0085b'],
    ['C1 range end', '\u009f'],
  ])('refuses %s', (_name, value) => {
    expect(hasControlChars(value)).toBe(true)
    expect(checkControlChars(value)).toBe(CONTROL_CHARS_TEXT)
  })

  it.each([
    ['plain text', '读书 reading 123'],
    ['newline', '第一行\n第二行'],
    ['tab', 'a\tb'],
    ['CRLF line ends', '第一行\r\n第二行\r\n'],
    ['empty', ''],
    ['emoji with a joiner', '👩\u200d👩\u200d👧'],
    ['no-break space (after the C1 range)', 'a\u00a0b'],
  ])('accepts %s', (_name, value) => {
    expect(hasControlChars(value)).toBe(false)
    expect(checkControlChars(value)).toBeNull()
  })

  it('has the message of the server', () => {
    expect(CONTROL_CHARS_TEXT).toBe('输入包含不允许的控制字符')
  })
})
