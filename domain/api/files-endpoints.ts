import type { AcceptedMediaType } from '../requests/thread-limits'
import type { SuccessBody } from './answers'
import { apiPrefix, endpoint, type NoContent } from './endpoint'

/**
 * A request's files (`server/files/`): uploaded before the message that sends them, downloaded
 * one by one or as a ZIP. The client reaches them under `/api/v1/me/uploads` and
 * `/api/v1/me/service-requests/:id/files…`, the agency under
 * `/api/v1/admin/service-requests/:id/files/…`. A file of another request, an upload of another
 * account or another client's request answers the same 404 as an id that does not exist.
 */

/** A file of the thread, as uploaded (the type is the one recognised from the content). */
export type ThreadFile = {
  readonly id: string
  /**
   * The name given at upload, cleaned and ending with the recognised type's extension
   * (`storedFileName`, Unicode kept): the same in the thread, the mails, the ZIP and the download.
   */
  readonly name: string
  /** Bytes. */
  readonly size: number
  readonly type: AcceptedMediaType
  /** Lower-case hex SHA-256 of the bytes: the download's bytes have the same. */
  readonly sha256: string
}

export type UploadBody = SuccessBody & { readonly upload: ThreadFile }

export const filesEndpoints = {
  /**
   * The file's exact bytes: `Content-Disposition: attachment` (RFC 6266: an ASCII `filename=`
   * and the Unicode `filename*=UTF-8''…`), `X-Content-Type-Options: nosniff`,
   * `Content-Security-Policy: sandbox`, a strong `ETag` (its SHA-256; `If-None-Match` answers
   * 304), `Accept-Ranges: bytes` (one range: 206, or 416 `range_not_satisfiable`).
   */
  myThreadFile: endpoint<never, NoContent>()({
    method: 'GET',
    path: `${apiPrefix}/me/service-requests/:id/files/:fileId`,
    status: 200,
    failures: ['unauthenticated', 'not_found', 'range_not_satisfiable'],
  }),
  /**
   * Every file the thread shared with the client, as one ZIP archive (stored, streamed; each
   * entry under its own name, made unique with a number when two share one). 404 as above.
   */
  myThreadFilesZip: endpoint<never, NoContent>()({
    method: 'GET',
    path: `${apiPrefix}/me/service-requests/:id/files.zip`,
    status: 200,
    failures: ['unauthenticated', 'not_found'],
  }),
  /**
   * One file, before the message that sends it: `?request=<id>&name=<file name>`, the body its
   * raw bytes (streamed; any `Content-Type`). Both sides upload here (an admin for any request,
   * 403 `mfa_required` without a second factor proved in the session). 413 `too_large` over
   * 10 MB, 413 `quota_exceeded` when the request's files (those waiting for their message and
   * arriving included) would pass 100 MB or the uploader has 20 waiting, 415
   * `unsupported_media_type` (the message names the accepted types) when the content is none of
   * them, 429 past the upload bytes an hour, 404 when the request is not the caller's. An upload
   * no message sends within 24 h is deleted.
   */
  uploadFile: endpoint<never, UploadBody>()({
    method: 'POST',
    path: `${apiPrefix}/me/uploads`,
    status: 201,
    failures: [
      'unauthenticated',
      'mfa_required',
      'invalid_fields',
      'not_found',
      'too_large',
      'quota_exceeded',
      'unsupported_media_type',
    ],
  }),
  /** As `myThreadFile`, for any request's file. */
  adminThreadFile: endpoint<never, NoContent>()({
    method: 'GET',
    path: `${apiPrefix}/admin/service-requests/:id/files/:fileId`,
    status: 200,
    failures: ['unauthenticated', 'forbidden', 'not_found', 'range_not_satisfiable'],
  }),
}
