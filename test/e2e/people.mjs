// Readers for the chat specs, set up over REST (steps the tests are not about).
import { baseUrl } from './support.mjs'
import { freshMobile, registerOverHttp } from './taro.mjs'

export const PASSWORD = 'reader2026'

/** One REST call as a reader. */
export async function api(token, method, path, body) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', Authorization: `Bearer ${token}` },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  const json = await res.json()
  if (json.code !== 200) throw new Error(`${path}: ${json.msg}`)
  return json.data
}

/** A new reader, signed up with PASSWORD. */
export async function reader(prefix) {
  const mobile = freshMobile(prefix)
  const login = await registerOverHttp(mobile, PASSWORD)
  return { mobile, user: login.user, token: login.access_token }
}

/** x asks y to be book friends and y accepts. */
export async function befriend(x, y) {
  await api(x.token, 'POST', '/api/bookCompanion/createMineFriends', { userId: y.user.user_id })
  const { list } = await api(y.token, 'GET', '/api/bookCompanion/findFriendRequestList')
  await api(y.token, 'POST', '/api/bookCompanion/handleFriendRequest', {
    id: list[0].id,
    accept: 1,
  })
}
