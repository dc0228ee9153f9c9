/**
 * Editing a group's profile (the owner and admins): name (the shared rule of rules/groups),
 * avatar (one image, uploaded as soon as it is chosen; removing it clears the avatar) and
 * introduction (at most 200). Only what changed is sent; then back, with a toast.
 */
import { useState } from 'react'
import { checkUploads } from '@/components/ImageUploader/uploads'
import { useImageUploads } from '@/components/ImageUploader/useImageUploads'
import { useFormSubmit } from '@/components/Form/useFormSubmit'
import { finishWith } from '@/core/finish'
import { Route } from '@/core/routes'
import { toast } from '@/core/toast'
import type { GroupDetail, UpdateGroupReq } from '@/types/api/groups'
import { groupNameError, GroupLimits, introductionError } from '@rules/groups'
import { clipText } from '@rules/validate'
import { updateGroup } from './api'

export interface ProfileFields {
  name: string
  avatar: string
  introduction: string
}

/** Pure: the fields of `next` that differ from the group's, trimmed; null when none does. */
export function profileChanges(
  detail: Pick<GroupDetail, 'groupId' | 'name' | 'avatar' | 'introduction'>,
  next: ProfileFields,
): UpdateGroupReq | null {
  const req: UpdateGroupReq = { groupId: detail.groupId }
  const name = next.name.trim()
  const introduction = next.introduction.trim()
  if (name !== detail.name) req.name = name
  if (next.avatar !== detail.avatar) req.avatar = next.avatar
  if (introduction !== detail.introduction) req.introduction = introduction
  return Object.keys(req).length > 1 ? req : null
}

export function useGroupEdit(detail: GroupDetail) {
  const [name, setName] = useState(detail.name)
  const [introduction, setIntroduction] = useState(detail.introduction)
  const uploads = useImageUploads(1, detail.avatar ? [detail.avatar] : [])
  const check = () =>
    groupNameError(name) || introductionError(introduction) || checkUploads(uploads.items)
  const form = useFormSubmit('保存失败', check)

  const save = () =>
    form.submit(check(), async () => {
      const changes = profileChanges(detail, {
        name,
        avatar: uploads.urls[0] ?? '',
        introduction,
      })
      if (!changes) return toast('群资料没有修改')
      await updateGroup(changes)
      finishWith('群资料已保存', { backOr: Route.friend })
    })

  return {
    name,
    setName,
    introduction,
    setIntroduction: (text: string) =>
      setIntroduction(clipText(text, GroupLimits.introductionMaxChars)),
    uploads,
    form,
    save,
  }
}
