// A local double of the parts of WeChat's API the E2E run needs (WeChat is not reachable from
// these machines): web authorisation code → openid, the access token and the JS-SDK ticket.
// The server talks to it through its real WeChat client (WECHAT_API_BASE).
import { createServer } from 'node:http'

export const E2E_MP_APPID = 'wxe2e0000000000001'
export const E2E_MP_SECRET = 'e2e-official-account-secret'

function answer(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

/** Starts the double on 127.0.0.1; answers its base URL and a close function. */
export async function startWeChatDouble() {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const q = Object.fromEntries(url.searchParams)
    const rightApp = q.appid === E2E_MP_APPID && q.secret === E2E_MP_SECRET
    switch (url.pathname) {
      case '/sns/oauth2/access_token':
        if (!rightApp) return answer(res, 200, { errcode: 40125, errmsg: 'invalid appsecret' })
        if (!q.code) return answer(res, 200, { errcode: 40029, errmsg: 'invalid code' })
        return answer(res, 200, {
          access_token: `web-${q.code}`,
          expires_in: 7200,
          openid: `mp-openid-${q.code}`,
          scope: 'snsapi_base',
        })
      case '/cgi-bin/token':
        if (!rightApp) return answer(res, 200, { errcode: 40125, errmsg: 'invalid appsecret' })
        return answer(res, 200, { access_token: 'e2e-access-token', expires_in: 7200 })
      case '/cgi-bin/ticket/getticket':
        return answer(res, 200, {
          errcode: 0,
          errmsg: 'ok',
          ticket: 'e2e-jsapi-ticket',
          expires_in: 7200,
        })
      default:
        return answer(res, 404, { errcode: -1, errmsg: 'not in the double' })
    }
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address()
  return { baseUrl: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) }
}
