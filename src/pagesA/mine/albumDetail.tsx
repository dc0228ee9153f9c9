import { Button, Text, View } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import Empty from '@/components/Empty'
import FormError from '@/components/Form/FormError'
import SubmitButton from '@/components/Form/SubmitButton'
import LoginRequired from '@/components/LoginRequired'
import { videoAlbumUrl } from '@/features/video/links'
import AlbumFields from '@/features/video/mine/components/AlbumFields'
import AlbumVideos from '@/features/video/mine/components/AlbumVideos'
import { finishAlbumRemoved } from '@/features/video/mine/backToMine'
import { AlbumText, useAlbumEditor, useMyAlbum } from '@/features/video/mine/useAlbumEditor'
import { useStores } from '@/stores'
import type { VideoAlbumDetail } from '@/types/api/video'
import { VideoText } from '@rules/video'
import './addVideo.scss'

function AlbumEditor({
  detail,
  onSaved,
}: {
  detail: VideoAlbumDetail
  onSaved: (next: VideoAlbumDetail) => void
}) {
  const a = useAlbumEditor(detail, {
    saved: onSaved,
    removed: () => finishAlbumRemoved(AlbumText.removed),
  })
  return (
    <View className="page video-form">
      <View className="card">
        <AlbumFields
          values={a.values}
          onChange={a.change}
          tags={a.tags}
          onToggleTag={a.toggle}
          cover={a.cover}
        />
      </View>
      <View className="card">
        <AlbumVideos
          rows={a.rows}
          onMove={a.move}
          onDrop={a.drop}
          picking={a.picking}
          onPicking={a.setPicking}
          mine={a.mine}
          candidates={a.candidates}
          onAdd={a.add}
        />
      </View>
      <View className="page-pad video-form__foot">
        <FormError text={a.error} />
        <Text className="muted">{a.dirty ? '有修改尚未保存' : ''}</Text>
        <View data-testid="album-save">
          <SubmitButton busy={a.busy} onClick={() => void a.save()}>
            保存
          </SubmitButton>
        </View>
        <Button
          className="btn-danger"
          data-testid="album-delete"
          disabled={a.removing}
          onClick={() => void a.remove()}
        >
          删除专辑
        </Button>
      </View>
    </View>
  )
}

/** 专辑详情 of one of my albums: edit it, order, add and remove its videos, delete it. */
function AlbumDetailPage() {
  const { params } = useRouter()
  const { session } = useStores()
  const id = Number(params.id) || 0
  const album = useMyAlbum(id, session.isLoggedIn)
  // A save remounts the editor with the album the server answered.
  const [version, setVersion] = useState(0)

  if (!session.isLoggedIn) return <LoginRequired text="登录后管理我的专辑" />
  if (album.error && !album.data) return <Empty kind="error" text={album.error} />
  if (!album.data) {
    return (
      <View className="muted video-form__loading">
        {id > 0 ? '加载中…' : VideoText.albumNotFound}
      </View>
    )
  }
  if (!album.data.album.mine) {
    return (
      <Empty
        kind="generic"
        text={VideoText.albumOnlyOwner}
        action={
          <Button
            className="btn-primary"
            onClick={() => void Taro.redirectTo({ url: videoAlbumUrl(id) })}
          >
            查看专辑
          </Button>
        }
      />
    )
  }
  return (
    <AlbumEditor
      key={version}
      detail={album.data}
      onSaved={(next) => {
        album.setData(next)
        setVersion((v) => v + 1)
      }}
    />
  )
}

export default observer(AlbumDetailPage)
