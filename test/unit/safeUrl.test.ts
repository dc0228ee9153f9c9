import { parseHosts, safeWebUrl } from '@rules/safeUrl'

describe('web view addresses', () => {
  const hosts = ['read.example.cn', 'activity.example.com']

  it('opens http(s) pages on allowed hosts and their subdomains, encoded or not', () => {
    expect(safeWebUrl('https://read.example.cn/vote?id=1', hosts)).toBe(
      'https://read.example.cn/vote?id=1',
    )
    expect(safeWebUrl(encodeURIComponent('https://m.activity.example.com/a#b'), hosts)).toBe(
      'https://m.activity.example.com/a#b',
    )
    expect(safeWebUrl('http://read.example.cn:8080/x', hosts)).toBe('http://read.example.cn:8080/x')
  })

  it('refuses other hosts, look-alikes and other schemes', () => {
    for (const url of [
      'https://evil.example.net/',
      'https://read.example.cn.evil.net/',
      'https://evilread.example.cn/',
      'https://read.example.cn@evil.net/',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//read.example.cn/x',
      '%E0%A4%A',
      '',
    ]) {
      expect(safeWebUrl(url, hosts)).toBeNull()
    }
    expect(safeWebUrl('https://read.example.cn/', [])).toBeNull()
  })

  it('reads hosts from a list of hosts or origins', () => {
    expect(
      parseHosts(' https://Read.Example.cn/ , activity.example.com:443,, http://127.0.0.1:8080'),
    ).toEqual(['read.example.cn', 'activity.example.com', '127.0.0.1'])
  })
})
