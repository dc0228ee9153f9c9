import { Button, Input, Text, Textarea, View } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import Avatar from '@/components/Avatar'
import LoginRequired from '@/components/LoginRequired'
import { isWeapp } from '@/core/platform'
import { Route } from '@/core/routes'
import { openChatWith } from '@/features/chat/public'
import { useAddFriend } from '@/features/friends/useAddFriend'
import { useStores } from '@/stores'
import { FriendLimits } from '@rules/friends'
import './addFriendByCode.scss'

/** Add a book friend by their friend code (typed, scanned, or from their QR code's link). */
function AddFriendByCodePage() {
  const { params } = useRouter()
  const { session } = useStores()
  const a = useAddFriend(params.code ?? '', session.isLoggedIn)

  if (!session.isLoggedIn) return <LoginRequired kind="people" text="登录后添加书友" />
  const owner = a.owner

  return (
    <View className="page add-friend">
      <View className="add-friend__mine">
        <Text className="muted">我的好友码</Text>
        <Text className="add-friend__my-code" data-testid="my-friend-code">
          {a.myCode || '…'}
        </Text>
        <Text className="link" onClick={() => void Taro.navigateTo({ url: Route.ewm })}>
          我的二维码
        </Text>
      </View>
      <View className="add-friend__find">
        <Input
          className="add-friend__input"
          value={a.code}
          placeholder="输入书友的好友码"
          confirmType="search"
          data-testid="friend-code-input"
          onInput={(e) => a.setCode(e.detail.value)}
          onConfirm={() => void a.lookUp()}
        />
        <Button
          className="btn-primary add-friend__look"
          data-testid="friend-code-find"
          loading={a.state === 'looking'}
          onClick={() => void a.lookUp()}
        >
          查找
        </Button>
        {isWeapp() && (
          <Button className="btn-plain add-friend__look" onClick={() => void a.scan()}>
            扫一扫
          </Button>
        )}
      </View>
      {a.error && (
        <Text className="add-friend__error" data-testid="add-friend-error">
          {a.error}
        </Text>
      )}
      {owner && (
        <View className="add-friend__card" data-testid="code-owner">
          <View className="add-friend__who">
            <Avatar src={owner.avatar} name={owner.nickname} size={96} />
            <View className="add-friend__names">
              <Text className="add-friend__name">{owner.nickname}</Text>
              <Text className="muted">{owner.signature || '这个人很懒，还没有签名'}</Text>
            </View>
          </View>
          {owner.isMe ? (
            <Text className="muted">这是你自己的好友码</Text>
          ) : owner.isFriend ? (
            <Button className="btn-primary" onClick={() => openChatWith(owner.userId)}>
              已是书友，发消息
            </Button>
          ) : a.state === 'sent' ? (
            <Text className="add-friend__sent" data-testid="request-sent">
              申请已发送，等待对方验证
            </Text>
          ) : (
            <View>
              <Textarea
                className="add-friend__greeting"
                value={a.greeting}
                maxlength={FriendLimits.greetingMaxChars}
                placeholder="打个招呼吧（选填）"
                data-testid="friend-greeting"
                onInput={(e) => a.setGreeting(e.detail.value)}
              />
              <Button
                className="btn-primary"
                data-testid="friend-request-send"
                loading={a.state === 'sending'}
                onClick={() => void a.send()}
              >
                发送好友申请
              </Button>
            </View>
          )}
        </View>
      )}
    </View>
  )
}

export default observer(AddFriendByCodePage)
