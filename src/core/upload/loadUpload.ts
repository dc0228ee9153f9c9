import type { TransportResponse, TransportUpload } from '../transport'
import { taroUpload } from './taroUpload'

/** The mini-program uploads with what it has (loadUpload.h5.ts loads it on first use on H5). */
export const upload = (req: TransportUpload): Promise<TransportResponse> => taroUpload(req)
