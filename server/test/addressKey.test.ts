import assert from 'node:assert/strict'
import { test } from 'node:test'
import { addressKey } from '../src/http/addressKey'

test('per-address limits count IPv4 by address and IPv6 by its /64', () => {
  assert.equal(addressKey('203.0.113.7'), '203.0.113.7')
  assert.equal(addressKey('::ffff:203.0.113.7'), '203.0.113.7')
  assert.equal(addressKey('2001:db8:1:2:aaaa::1'), '2001:db8:1:2::/64')
  assert.equal(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee'), '2001:db8:1:2::/64')
  assert.equal(addressKey('2001:0db8:0001:0002::9'), '2001:db8:1:2::/64')
  assert.equal(addressKey('2001:db8::1'), '2001:db8:0:0::/64')
  assert.equal(addressKey('::1'), '0:0:0:0::/64')
})
