import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

const N = 16384
const R = 8
const P = 1
const KEY_LEN = 32

function derive(password: string, salt: Buffer, opts: ScryptOptions, keyLen: number) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLen, opts, (err, key) =>
      err ? reject(err) : resolve(key),
    )
  })
}

/** `scrypt$N$r$p$salt$hash` (base64url), with a fresh 16-byte salt per password. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, { N, r: R, p: P }, KEY_LEN)
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, hashText] = stored.split('$')
  if (scheme !== 'scrypt' || !saltText || !hashText) return false
  const expected = Buffer.from(hashText, 'base64url')
  const actual = await derive(
    password,
    Buffer.from(saltText, 'base64url'),
    { N: Number(n), r: Number(r), p: Number(p) },
    expected.length,
  )
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

let dummyHash: Promise<string> | undefined

/**
 * Costs what verifying a real password costs, against a fixed hash no password matches (made once
 * per process with the current parameters): login for a number without a password hash takes as
 * long as for one with, so the timing does not tell which numbers are registered.
 */
export async function verifyDummyPassword(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url'))
  await verifyPassword(password, await dummyHash)
}
