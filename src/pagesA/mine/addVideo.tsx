import { Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import Empty from '@/components/Empty'
import FormError from '@/components/Form/FormError'
import SubmitButton from '@/components/Form/SubmitButton'
import ImageUploader from '@/components/ImageUploader'
import LoginRequired from '@/components/LoginRequired'
import { setPageTitle } from '@/core/platform'
import { StateChip, uploadStateChip } from '@/features/documents/public'
import { finishEdited, finishPublished } from '@/features/video/mine/backToMine'
import UploadBar from '@/features/video/mine/components/UploadBar'
import VideoFields from '@/features/video/mine/components/VideoFields'
import VideoPick from '@/features/video/mine/components/VideoPick'
import { useMyVideo, useVideoEdit } from '@/features/video/mine/useVideoEdit'
import { useVideoPublish } from '@/features/video/mine/useVideoUpload'
import { useStores } from '@/stores'
import type { VideoDetail } from '@/types/api/video'
import './addVideo.scss'

/** 发布视频: one video (at most 60 s, 100 MB), its cover, title, channel and album; progress, 取消. */
function PublishForm() {
  const p = useVideoPublish(finishPublished)
  const { state } = p.file
  return (
    <View className="page video-form">
      <View className="card">
        <VideoPick video={p.file.video} onChoose={() => void p.file.choose()} cover={p.cover} />
      </View>
      <View className="card">
        <VideoFields
          values={p.values}
          onChange={p.change}
          channels={p.channels}
          albums={p.albums}
        />
      </View>
      <View className="page-pad video-form__foot">
        {state && <UploadBar state={state} onCancel={p.file.cancel} />}
        <FormError text={p.error} />
        <View data-testid="video-publish-submit">
          <SubmitButton busy={p.busy} onClick={() => void p.submit()}>
            {state ? '上传中…' : '发布'}
          </SubmitButton>
        </View>
        <Text className="muted video-form__note">发布后需要审核，审核通过后所有人可见。</Text>
      </View>
    </View>
  )
}

/** 修改视频: the fields and cover of one of mine (the file stays); 重新提交 when it goes to review. */
function EditForm({ video }: { video: VideoDetail }) {
  const e = useVideoEdit(video, (saved, text) =>
    finishEdited(text, saved.reviewState === 'pending'),
  )
  const rejected = video.reviewState === 'rejected'
  return (
    <View className="page video-form">
      <View className="card video-form__head">
        <View className="video-form__state">
          <Text className="video-form__title">{video.title}</Text>
          <StateChip chip={uploadStateChip(video.reviewState)} testId="edit-video-state" />
        </View>
        {rejected ? (
          <Text className="video-form__reason" data-testid="edit-video-reason">
            未通过原因：{video.reviewReason || '未说明'}
          </Text>
        ) : (
          <Text className="muted">修改标题、简介或封面后需要重新审核</Text>
        )}
      </View>
      <View className="card">
        <VideoFields
          values={e.values}
          onChange={e.change}
          channels={e.channels}
          albums={e.albums}
        />
        <View className="vf__row vf__row--column">
          <Text className="vf__label">封面</Text>
          <ImageUploader uploads={e.cover} testPrefix="video-cover" />
        </View>
      </View>
      <View className="page-pad video-form__foot">
        <FormError text={e.error} />
        <View data-testid="video-edit-submit">
          <SubmitButton busy={e.busy} onClick={() => void e.submit()}>
            {e.resubmits ? '重新提交' : '保存'}
          </SubmitButton>
        </View>
      </View>
    </View>
  )
}

function EditVideo({ id }: { id: number }) {
  const video = useMyVideo(id, true)
  useEffect(() => {
    setPageTitle('修改视频')
  }, [])
  if (video.error && !video.data) return <Empty kind="error" text={video.error} />
  if (!video.data) return <View className="muted video-form__loading">加载中…</View>
  return <EditForm video={video.data} />
}

function AddVideoPage() {
  const { params } = useRouter()
  const { session } = useStores()
  const id = Number(params.id) || 0
  if (!session.isLoggedIn) return <LoginRequired text="登录后才能发布视频" />
  return id > 0 ? <EditVideo id={id} /> : <PublishForm />
}

export default observer(AddVideoPage)
