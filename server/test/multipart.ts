/**
 * A multipart/form-data body built by hand, byte for byte as a browser's FormData sends it: the
 * form fields, then one file part. Its pieces are kept apart so that tests can cut the body anywhere.
 */
export const BOUNDARY = 'rawuploadboundary'
export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`

export interface MultipartParts {
  /** The form fields and the file part's headers. */
  head: Buffer
  file: Buffer
  /** The closing boundary. */
  tail: Buffer
  whole: Buffer
}

export function multipart(
  fields: Record<string, string>,
  file: Buffer,
  filename = 'f.bin',
  type = 'application/octet-stream',
  field = 'file',
): MultipartParts {
  const head = Buffer.from(
    Object.entries(fields)
      .map(
        ([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
      )
      .join('') +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`)
  return { head, file, tail, whole: Buffer.concat([head, file, tail]) }
}

/** The whole body as `TestServer.post` options (`raw` and its content type). */
export const asPost = (parts: MultipartParts): { raw: Buffer; contentType: string } => ({
  raw: parts.whole,
  contentType: MULTIPART_TYPE,
})
