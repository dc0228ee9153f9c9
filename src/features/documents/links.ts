import { pageUrl, Route } from '@/core/routes'

/** The pages of the documents area, by what they show. */
export const docListUrl = (categoryId?: number): string => pageUrl(Route.fileList, { categoryId })
export const docDetailUrl = (id: number): string => pageUrl(Route.fileDetail, { id })
export const docReaderUrl = (id: number): string => pageUrl(Route.docReader, { id })
export const contributeUrl = (id?: number): string => pageUrl(Route.addMyDoc, { id })
export const verifyUrl = (id: number): string => pageUrl(Route.verify, { id })
