import { Image, Input, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import FormError from '@/components/Form/FormError'
import SubmitButton from '@/components/Form/SubmitButton'
import LoginRequired from '@/components/LoginRequired'
import PagedList from '@/components/PagedList'
import { resolveAssetUrl } from '@/core/assets'
import { myOrderUrl } from '@/features/shop/links'
import { formatShopTime } from '@/features/shop/time'
import { redeemedText, redemptionKindLabel, useConversion } from '@/features/shop/useConversion'
import { useStores } from '@/stores'
import type { Redemption } from '@/types/api/shop'
import { CODE_INPUT_MAX } from '@/features/shop/codes'
import './conversion.scss'

/** 兑换中心: a code in, 兑换, what it gave, and my redemptions. */
function ConversionPage() {
  const { session } = useStores()
  const page = useConversion(session.isLoggedIn)

  if (!session.isLoggedIn) return <LoginRequired text="登录后才能兑换" />

  const { result } = page
  const renderRow = (r: Redemption) => (
    <View className="redeem-row" data-testid={`redemption-${r.id}`}>
      <View className="redeem-row__cover">
        {r.cover !== '' && (
          <Image className="redeem-row__image" src={resolveAssetUrl(r.cover)} mode="aspectFill" />
        )}
      </View>
      <View className="redeem-row__body">
        <Text className="redeem-row__name">{r.name}</Text>
        <Text className="muted">
          {redemptionKindLabel(r)} · {r.code}
        </Text>
        <Text className="muted">{formatShopTime(r.createdAt)}</Text>
      </View>
    </View>
  )

  return (
    <View className="page conversion">
      <View className="card">
        <Text className="conversion__label">兑换码</Text>
        <Input
          className="conversion__input"
          name="code"
          value={page.code}
          maxlength={CODE_INPUT_MAX}
          placeholder="请输入12位兑换码，如 XXXX-XXXX-XXXX"
          onInput={(e) => page.change(e.detail.value)}
          onConfirm={() => void page.submit()}
        />
        <FormError text={page.form.error} />
        <View data-testid="redeem-submit">
          <SubmitButton busy={page.form.busy} onClick={() => void page.submit()}>
            兑换
          </SubmitButton>
        </View>
        {result && (
          <View className="conversion__result" data-testid="redeem-result">
            <Text>{redeemedText(result)}</Text>
            {result.order && (
              <Text
                className="link conversion__link"
                onClick={() => void Taro.navigateTo({ url: myOrderUrl('paid') })}
              >
                查看订单 〉
              </Text>
            )}
          </View>
        )}
      </View>
      <View className="conversion__heading">
        <Text>兑换记录</Text>
      </View>
      <PagedList
        key={page.list.generation}
        load={page.list.load}
        keyOf={(r) => r.id}
        renderItem={renderRow}
        emptyText="还没有兑换记录"
        emptyKind="generic"
      />
    </View>
  )
}

export default observer(ConversionPage)
