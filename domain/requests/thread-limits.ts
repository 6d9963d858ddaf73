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
  /**
   * Uploads of one person in one request that no message has sent yet, those still arriving
   * included: four messages' worth (the 24-hour clean-up deletes the ones never sent).
   */
  unsentFilesPerUploader: 20,
  /** Messages in one page of a thread. */
  pageSize: 50,
} as const

/**
 * What a file may be, recognised by its content (magic bytes), never by its name or the type
 * the browser claims: the media type stored and served is the one recognised.
 */
export const acceptedFileTypes = [
  { mediaType: 'application/pdf', label: 'PDF', extensions: ['.pdf'] },
  { mediaType: 'image/png', label: 'PNG', extensions: ['.png'] },
  { mediaType: 'image/jpeg', label: 'JPEG', extensions: ['.jpg', '.jpeg'] },
  { mediaType: 'image/webp', label: 'WebP', extensions: ['.webp'] },
  { mediaType: 'text/plain', label: 'TXT', extensions: ['.txt'] },
  { mediaType: 'text/csv', label: 'CSV', extensions: ['.csv'] },
  {
    mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    label: 'DOCX',
    extensions: ['.docx'],
  },
  {
    mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    label: 'XLSX',
    extensions: ['.xlsx'],
  },
  {
    mediaType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    label: 'PPTX',
    extensions: ['.pptx'],
  },
] as const satisfies readonly {
  readonly mediaType: string
  readonly label: string
  /** What a stored file of the type is named with, the first one given to a name that has none. */
  readonly extensions: readonly [string, ...string[]]
}[]

export type AcceptedMediaType = (typeof acceptedFileTypes)[number]['mediaType']

/** "PDF, PNG, JPEG, WebP, TXT, CSV, DOCX, XLSX, PPTX": the same list in every language. */
export const acceptedTypeLabels = acceptedFileTypes.map((type) => type.label).join(', ')

/** For an `<input type=file accept>`: a hint only, the server sniffs the content. */
export const acceptAttribute = [
  ...acceptedFileTypes.flatMap((type) => type.extensions),
  ...acceptedFileTypes.map((type) => type.mediaType),
].join(',')

export function isAcceptedMediaType(value: string): value is AcceptedMediaType {
  return acceptedFileTypes.some((type) => type.mediaType === value)
}
