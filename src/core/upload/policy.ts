import * as commonCalls from '@/types/api/calls/common.gen'
import type { UploadPolicy } from '@/types/api/common'
import { call } from '../request'

/**
 * What the server will accept from this reader today (App.Common_Config.GetUploadToken): the upload
 * pair of DEFAULT_UPLOAD_URL, so the shared uploader needs no feature. Silent: the server judges
 * each upload anyway.
 */
export const getUploadPolicy = (): Promise<UploadPolicy> =>
  call(commonCalls.uploadPolicy.query, {}, { silent: true })
