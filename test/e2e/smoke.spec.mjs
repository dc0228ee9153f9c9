// Sanity check: the H5 app loads and shows its four-tab bar.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { launchBrowser, baseUrl, screenshot } from './support.mjs'

test('the app opens with the tab bar 首页 / 会话 / 读后感 / 我的', async () => {
  const { browser, page } = await launchBrowser()
  try {
    const response = await page.goto(baseUrl + '/')
    assert.equal(response?.status(), 200)
    const tabBar = page.locator('.taro-tabbar__tabbar')
    await tabBar.waitFor()
    const labels = (await tabBar.locator('.weui-tabbar__label').allInnerTexts()).map((t) =>
      t.trim(),
    )
    assert.deepEqual(labels, ['首页', '会话', '读后感', '我的'])
    await screenshot(page, 'smoke-home')
  } finally {
    await browser.close()
  }
})

test('an unknown path shows the not-found page and keeps the referrer it carried', async () => {
  const { browser, page } = await launchBrowser()
  try {
    const response = await page.goto(baseUrl + '/no/such/page?spid=1')
    assert.equal(response?.status(), 200)
    await page.waitForURL(/\/pages\/public\/notFound\?/)
    await page.getByText('返回首页').waitFor()
    assert.equal(await page.evaluate(() => localStorage.getItem('spid')), '{"data":"1"}')
  } finally {
    await browser.close()
  }
})
