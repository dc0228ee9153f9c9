import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc'
import 'dayjs/locale/zh-cn'

// Fixed offsets through the utc plugin, not the timezone plugin: that one needs Intl's time zone
// data, which WeChat's JS engine may lack.
dayjs.extend(utc)
dayjs.locale('zh-cn')

export default dayjs
export type { Dayjs } from 'dayjs'
