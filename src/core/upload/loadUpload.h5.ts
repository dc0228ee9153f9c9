import type { TransportResponse, TransportUpload } from '../transport'

/**
 * On H5 the upload code is a chunk of its own, fetched at the first upload: the home page, where
 * most visitors from a share link arrive, never needs it. (loadUpload.ts on the mini-program.)
 */
export async function upload(req: TransportUpload): Promise<TransportResponse> {
  const { taroUpload } = await import(/* webpackChunkName: "upload" */ './taroUpload')
  return taroUpload(req)
}
