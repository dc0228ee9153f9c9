import { View, Text, Image } from '@tarojs/components'
import { useShareAppMessage } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import Avatar from '@/components/Avatar'
import { qrImageSrc } from '@/core/qr'
import { shareLinkForUser } from '@/features/account/shareLink'
import { useMyFriendCode } from '@/features/friends/useMyFriendCode'
import { useStores } from '@/stores'
import LoginRequired from '@/components/LoginRequired'
import './ewm.scss'
import { pageUrl, Route } from '@/core/routes'

/**
 * My QR code, drawn on the device: a link to the add-friend page with my friend code (and my id as
 * referrer); scanned in the mini-program or opened in a browser, it offers adding me.
 */
function MyQrCodePage() {
  const { session } = useStores()
  const user = session.user
  const friendCode = useMyFriendCode(!!user)
  const link = user && friendCode ? shareLinkForUser(user.user_id, friendCode) : ''
  const [src, setSrc] = useState('')
  const [error, setError] = useState('')

  useEffect(() => {
    if (!link) return
    let live = true
    qrImageSrc(link, `qr-${user?.user_id ?? 0}.gif`)
      .then((value) => live && setSrc(value))
      .catch(() => live && setError('二维码生成失败，请重试'))
    return () => {
      live = false
    }
  }, [link, user?.user_id])

  useShareAppMessage(() => ({
    title: `${user?.nickname ?? '书友'}邀请你一起读书`,
    path: pageUrl(Route.home, { spid: user?.user_id ?? '' }),
  }))

  if (!user) return <LoginRequired />
  return (
    <View className="page ewm">
      <View className="ewm__card">
        <View className="ewm__who">
          <Avatar src={user.avatar} name={user.nickname} size={96} />
          <View className="ewm__names">
            <Text className="ewm__nickname">{user.nickname}</Text>
            <Text className="muted" data-testid="ewm-friend-code">
              好友码 {friendCode || '…'}
            </Text>
          </View>
        </View>
        {error ? (
          <Text className="ewm__code ewm__error">{error}</Text>
        ) : (
          <Image
            className="ewm__code"
            src={src}
            mode="aspectFit"
            showMenuByLongpress
            data-testid="qr-image"
          />
        )}
        <Text className="muted">扫一扫上面的二维码，加我为书友；长按可保存</Text>
      </View>
    </View>
  )
}

export default observer(MyQrCodePage)
