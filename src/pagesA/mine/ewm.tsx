import { View, Text, Image } from '@tarojs/components'
import { useShareAppMessage } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import Avatar from '@/components/Avatar'
import { qrImageSrc } from '@/core/qr'
import { shareLinkForUser } from '@/features/account/shareLink'
import { useStores } from '@/stores'
import LoginRequired from '@/components/LoginRequired'
import './ewm.scss'
import { pageUrl, Route } from '@/core/routes'

/** My QR code: a share link carrying my id as referrer, drawn on the device. */
function MyQrCodePage() {
  const { session } = useStores()
  const user = session.user
  const link = user ? shareLinkForUser(user.user_id) : ''
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
            <Text className="muted">ID {user.user_id}</Text>
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
