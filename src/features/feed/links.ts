export const postUrl = (id: number): string => `/pagesA/report/detail?id=${id}`
export const threadUrl = (id: number): string => `/pagesA/report/plDetail?id=${id}`
export const userPostsUrl = (id: number): string => `/pagesA/report/user?id=${id}`
