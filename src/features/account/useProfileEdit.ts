/**
 * Editing my profile (pagesA/mine/userCenter): nickname, gender and signature, checked and saved
 * together; the avatar picked, uploaded with its progress and saved at once.
 */
import Taro from '@tarojs/taro'
import { useState } from 'react'
import { useFormSubmit } from '@/components/Form/useFormSubmit'
import { useStores } from '@/stores'
import { BLOCKED_TEXT_MESSAGE, findBlockedWords } from '@rules/moderation'
import { checkNickname, checkSignature } from '@rules/validate'
import type { Gender } from '@/types/api/account'
import { updateProfile, uploadImage } from './api'

export function useProfileEdit() {
  const { session } = useStores()
  const user = session.user
  const [nickname, setNickname] = useState(user?.nickname ?? '')
  const [sex, setSex] = useState<Gender>(user?.sex ?? 0)
  const [signature, setSignature] = useState(user?.signature ?? '')
  /** 0..1 while the avatar uploads. */
  const [progress, setProgress] = useState<number | null>(null)
  const check = () =>
    checkNickname(nickname) ||
    checkSignature(signature) ||
    (findBlockedWords(`${nickname} ${signature}`).length ? BLOCKED_TEXT_MESSAGE : null)
  const form = useFormSubmit('保存失败', check)

  const changeAvatar = async () => {
    let filePath: string
    try {
      const picked = await Taro.chooseImage({
        count: 1,
        sizeType: ['compressed'],
        sourceType: ['album', 'camera'],
      })
      filePath = picked.tempFilePaths[0]
    } catch {
      return // the person closed the picker
    }
    setProgress(0)
    form.setError('')
    try {
      const uploaded = await uploadImage(filePath, setProgress)
      session.setUser(await updateProfile({ avatar: uploaded.url }))
      void Taro.showToast({ title: '头像已更新', icon: 'success' })
    } catch (err) {
      form.fail(err instanceof Error ? err.message : '头像上传失败')
    } finally {
      setProgress(null)
    }
  }

  const save = () =>
    form.submit(check(), async () => {
      session.setUser(await updateProfile({ nickname: nickname.trim(), sex, signature }))
      void Taro.showToast({ title: '已保存', icon: 'success' })
    })

  return {
    user,
    fields: { nickname, setNickname, sex, setSex, signature, setSignature },
    progress,
    form,
    changeAvatar,
    save,
  }
}
