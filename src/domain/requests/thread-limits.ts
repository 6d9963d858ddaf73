/**
 * The bounds of a request's workspace (its conversation and shared files), shared by the browser
 * (to refuse early, with the same words) and the server (which decides).
 */
export const threadLimits = {
  /** A message's text, in code points. */
  bodyMax: 10_000,
  /** One file. */
  fileBytes: 10 * 1024 * 1024,
  filesPerMessage: 5,
  /** Every file of one request together. */
  requestBytes: 100 * 1024 * 1024,
  /** A file's name, in code points (longer names are refused, not cut). */
  fileNameMax: 200,
  /** Messages in one page of a thread. */
  pageSize: 50,
} as const

/**
 * What a file may be, recognised by its content (magic bytes), never by its name or the type
 * the browser claims: the media type stored and served is the one recognised.
 */
export const acceptedFileTypes = [
  { mediaType: 'application/pdf', label: 'PDF' },
  { mediaType: 'image/png', label: 'PNG' },
  { mediaType: 'image/jpeg', label: 'JPEG' },
  { mediaType: 'image/webp', label: 'WebP' },
  { mediaType: 'text/plain', label: 'TXT' },
  { mediaType: 'text/csv', label: 'CSV' },
  {
    mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    label: 'DOCX',
  },
  {
    mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    label: 'XLSX',
  },
  {
    mediaType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    label: 'PPTX',
  },
] as const

export type AcceptedMediaType = (typeof acceptedFileTypes)[number]['mediaType']

/** "PDF, PNG, JPEG, WebP, TXT, CSV, DOCX, XLSX, PPTX": the same list in every language. */
export const acceptedTypeLabels = acceptedFileTypes.map((type) => type.label).join(', ')

/** For an `<input type=file accept>`: a hint only, the server sniffs the content. */
export const acceptAttribute =
  '.pdf,.png,.jpg,.jpeg,.webp,.txt,.csv,.docx,.xlsx,.pptx,' +
  acceptedFileTypes.map((type) => type.mediaType).join(',')

export function isAcceptedMediaType(value: string): value is AcceptedMediaType {
  return acceptedFileTypes.some((type) => type.mediaType === value)
}
