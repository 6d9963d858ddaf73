import { Trans, useLingui } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { useEffect, useId, useRef, useState } from 'react'
import { type EventObject, fromCallback } from 'xstate'
import {
  type UploadFileFacts,
  type UploadReport,
  uploadMachine,
} from '../../../machines/upload-machine'
import { inspectorOptions } from '../machine-inspector'
import { useFileSize } from './file-size'
import type { ConversationEffects } from './workspace-effects'

/** Where an attachment stands, for the composer: only `uploaded` ones go with the message. */
export type AttachmentState =
  | { readonly kind: 'busy' }
  | { readonly kind: 'uploaded'; readonly uploadId: string }
  | { readonly kind: 'gone' }
  | { readonly kind: 'refused' }

/**
 * One file picked for a message: uploaded at once with its progress, cancellable, and the
 * server's refusal (too large, not an accepted type, over the quota) shown in its place.
 */
export function Attachment({
  file,
  upload,
  onChange,
}: {
  readonly file: File
  readonly upload: ConversationEffects['uploadFile']
  readonly onChange: (state: AttachmentState) => void
}) {
  const { t } = useLingui()
  const size = useFileSize()
  const [machine] = useState(() =>
    uploadMachine.provide({
      actors: {
        upload: fromCallback<EventObject, UploadFileFacts>(({ sendBack }) => {
          const controller = new AbortController()
          const report = (event: UploadReport) => sendBack(event)
          upload(file, {
            onProgress: (sent) => report({ type: 'progress', sent }),
            signal: controller.signal,
          }).then(
            (uploadId) => report({ type: 'uploaded', uploadId }),
            (error: unknown) => {
              if (!controller.signal.aborted) report({ type: 'uploadFailed', error })
            },
          )
          return () => controller.abort()
        }),
      },
    }),
  )
  const [snapshot, send] = useMachine(machine, {
    input: { file: { name: file.name, size: file.size } },
    ...inspectorOptions,
  })
  const progressId = useId()
  const state = String(snapshot.value)
  const { uploadId, sent, refusal, message } = snapshot.context

  // The composer hears of each change once (its callback may be a new function each render).
  const report = useRef(onChange)
  report.current = onChange
  useEffect(() => {
    report.current(
      state === 'uploaded' && uploadId
        ? { kind: 'uploaded', uploadId }
        : state === 'cancelled'
          ? { kind: 'gone' }
          : state === 'refused'
            ? { kind: 'refused' }
            : { kind: 'busy' },
    )
  }, [state, uploadId])

  if (state === 'cancelled') return null
  const name = <span className="attachment-name">{file.name}</span>
  return (
    <li className={`attachment attachment-${state}`}>
      {name} <span className="attachment-size">({size(file.size)})</span>
      {state === 'uploading' || state === 'picking' ? (
        <>
          <progress
            id={progressId}
            max={file.size}
            value={sent}
            aria-label={t`Uploading ${file.name}`}
          />
          <button type="button" className="button" onClick={() => send({ type: 'cancel' })}>
            <Trans>Cancel upload</Trans>
          </button>
        </>
      ) : null}
      {state === 'uploaded' ? (
        <>
          <span className="attachment-status">
            <Trans>Uploaded</Trans>
          </span>
          <button type="button" className="button" onClick={() => send({ type: 'remove' })}>
            <Trans>Remove</Trans>
          </button>
        </>
      ) : null}
      {state === 'refused' || state === 'failed' ? (
        <>
          <span className="attachment-status form-error" role="alert">
            {message ??
              (state === 'failed' ? (
                <Trans>The file could not be uploaded.</Trans>
              ) : refusal === 'tooLarge' ? (
                <Trans>This file is larger than 10 MB.</Trans>
              ) : refusal === 'quota' ? (
                <Trans>You have uploaded too much for now. Please try again later.</Trans>
              ) : (
                <Trans>
                  This type of file is not accepted: send a PDF, PNG, JPEG, WebP, plain text, CSV,
                  DOCX, XLSX or PPTX file.
                </Trans>
              ))}
          </span>
          {state === 'failed' ? (
            <button type="button" className="button" onClick={() => send({ type: 'retry' })}>
              <Trans>Try again</Trans>
            </button>
          ) : null}
          <button type="button" className="button" onClick={() => send({ type: 'remove' })}>
            <Trans>Remove</Trans>
          </button>
        </>
      ) : null}
    </li>
  )
}
