import { Input, Text, View } from '@tarojs/components'
import FormError from '@/components/Form/FormError'
import SubmitButton from '@/components/Form/SubmitButton'
import ImageUploader from '@/components/ImageUploader'
import TextArea from '@/components/TextArea'
import type { GroupDetail } from '@/types/api/groups'
import { GroupLimits } from '@rules/groups'
import { useGroupEdit } from '../useGroupEdit'
import './groupEditForm.scss'

/** The group's profile form (mounted once the group has loaded: it starts from its values). */
export default function GroupEditForm({ detail }: { detail: GroupDetail }) {
  const f = useGroupEdit(detail)
  return (
    <View className="group-edit">
      <View className="group-edit__block">
        <Text className="group-edit__label">群头像</Text>
        <ImageUploader uploads={f.uploads} testPrefix="group-avatar" />
      </View>
      <View className="group-edit__block">
        <Text className="group-edit__label">群名称</Text>
        <Input
          className="group-edit__input"
          name="name"
          value={f.name}
          // Longer than the rule allows, so a name too long gets the rule's words, not a cut.
          maxlength={GroupLimits.nameMaxChars * 2}
          placeholder="2-20个字，中文、字母、数字或下划线"
          data-testid="group-name-input"
          onInput={(e) => f.setName(e.detail.value)}
        />
      </View>
      <View className="group-edit__block">
        <Text className="group-edit__label">群简介</Text>
        <TextArea
          name="introduction"
          value={f.introduction}
          onInput={f.setIntroduction}
          max={GroupLimits.introductionMaxChars}
          placeholder="介绍一下这个读书群"
          className="group-edit__intro"
        />
      </View>
      <View className="page-pad">
        <FormError text={f.form.error} />
        <View data-testid="group-save">
          <SubmitButton busy={f.form.busy} onClick={() => void f.save()}>
            保存
          </SubmitButton>
        </View>
      </View>
    </View>
  )
}
