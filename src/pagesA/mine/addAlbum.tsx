import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import FormError from '@/components/Form/FormError'
import SubmitButton from '@/components/Form/SubmitButton'
import LoginRequired from '@/components/LoginRequired'
import AlbumFields from '@/features/video/mine/components/AlbumFields'
import { albumEditUrl } from '@/features/video/mine/links'
import { AlbumText, useNewAlbum } from '@/features/video/mine/useAlbumEditor'
import { useStores } from '@/stores'
import './addVideo.scss'

/** 新建专辑: its name, introduction, cover and tags; then it opens, to add my videos to it. */
function AddAlbumPage() {
  const { session } = useStores()
  const form = useNewAlbum((album) => {
    void Taro.showToast({ title: AlbumText.created, icon: 'success' })
    void Taro.redirectTo({ url: albumEditUrl(album.id) }).catch(() => undefined)
  })

  if (!session.isLoggedIn) return <LoginRequired text="登录后才能新建专辑" />

  return (
    <View className="page video-form">
      <View className="card">
        <AlbumFields
          values={form.values}
          onChange={form.change}
          tags={form.tags}
          onToggleTag={form.toggle}
          cover={form.cover}
        />
      </View>
      <View className="page-pad video-form__foot">
        <FormError text={form.error} />
        <View data-testid="album-create-submit">
          <SubmitButton busy={form.busy} onClick={() => void form.submit()}>
            创建专辑
          </SubmitButton>
        </View>
        <Text className="muted video-form__note">
          创建后可以把自己发布的视频加入专辑并排好顺序。
        </Text>
      </View>
    </View>
  )
}

export default observer(AddAlbumPage)
