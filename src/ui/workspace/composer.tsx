import { Trans } from '@lingui/react/macro'
import {
  type ChangeEvent,
  type DragEvent,
  type FormEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react'
import type { SnapshotFrom } from 'xstate'
import { acceptAttribute, threadLimits } from '../../../domain/requests/thread-limits'
import type { ConversationDraft } from '../../../domain/workspace/conversation'
import type { conversationMachine } from '../../../machines/conversation-machine'
import { Attachment, type AttachmentState } from './attachment'
import type { ConversationEffects, ConversationReader } from './workspace-effects'

type Picked = { readonly key: number; readonly file: File }
type ComposerState = 'ready' | 'invalid' | 'rateLimited' | 'refused' | 'sendFailed' | 'sending'

/**
 * Writing a message: its text, the files attached to it (each uploaded at once, see
 * `Attachment`) and, for the agency, whether it is an internal note. The text and the files
 * stay until the server has stored the message; then the composer is emptied. Files dropped
 * anywhere on the composer are attached as picked ones are (the same limit, the same checks);
 * while files are dragged over it, it shows where they go. The button stays for the keyboard.
 */
export function Composer({
  reader,
  snapshot,
  onSend,
  onRetry,
  upload,
}: {
  readonly reader: ConversationReader
  readonly snapshot: SnapshotFrom<typeof conversationMachine>
  readonly onSend: (draft: ConversationDraft) => void
  readonly onRetry: () => void
  readonly upload: ConversationEffects['uploadFile']
}) {
  const textId = useId()
  const filesId = useId()
  const hintId = useId()
  const [body, setBody] = useState('')
  const [internal, setInternal] = useState(false)
  const [picked, setPicked] = useState<readonly Picked[]>([])
  const [states, setStates] = useState<ReadonlyMap<number, AttachmentState>>(new Map())
  const [notice, setNotice] = useState<'tooMany' | 'waitForUploads' | undefined>()
  // What the last send was: the confirmation of an internal note must not say "sent".
  const [sentNote, setSentNote] = useState(false)
  const { sent, message } = snapshot.context
  const at = (state: ComposerState) => snapshot.matches({ open: { composer: state } })
  const sending = at('sending')

  // A stored message empties the composer.
  useEffect(() => {
    if (sent === 0) return
    setBody('')
    setInternal(false)
    setPicked([])
    setStates(new Map())
    setNotice(undefined)
  }, [sent])

  const report = useCallback(
    (key: number) => (state: AttachmentState) =>
      setStates((known) => new Map(known).set(key, state)),
    [],
  )
  const live = picked.filter(({ key }) => {
    const state = states.get(key)
    return state?.kind !== 'gone'
  })

  const attach = (files: readonly File[]) => {
    const room = threadLimits.filesPerMessage - live.length
    setNotice(files.length > room ? 'tooMany' : undefined)
    const start = Date.now()
    setPicked((known) => [
      ...known,
      ...files.slice(0, Math.max(0, room)).map((file, index) => ({ key: start + index, file })),
    ])
  }

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.currentTarget.files ?? [])]
    event.currentTarget.value = ''
    attach(files)
  }

  // Entering a child is a leave of the parent: the drop zone counts the entries still open.
  const [dragging, setDragging] = useState(false)
  const entered = useRef(0)
  const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files')
  const dragEnter = (event: DragEvent<HTMLFormElement>) => {
    if (!carriesFiles(event)) return
    event.preventDefault()
    entered.current += 1
    setDragging(true)
  }
  const dragOver = (event: DragEvent<HTMLFormElement>) => {
    if (!carriesFiles(event)) return
    // Without this the browser opens the file instead of dropping it here.
    event.preventDefault()
    event.dataTransfer.dropEffect = 'copy'
  }
  const dragLeave = (event: DragEvent<HTMLFormElement>) => {
    if (!carriesFiles(event)) return
    entered.current = Math.max(0, entered.current - 1)
    if (entered.current === 0) setDragging(false)
  }
  const drop = (event: DragEvent<HTMLFormElement>) => {
    if (!carriesFiles(event)) return
    event.preventDefault()
    entered.current = 0
    setDragging(false)
    attach([...event.dataTransfer.files])
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (sending) return
    const attached = live.map(({ key }) => states.get(key))
    if (attached.some((state) => state === undefined || state.kind === 'busy')) {
      setNotice('waitForUploads')
      return
    }
    setNotice(undefined)
    setSentNote(reader === 'agency' && internal)
    onSend({
      body,
      uploadIds: attached.flatMap((state) => (state?.kind === 'uploaded' ? [state.uploadId] : [])),
      ...(reader === 'agency' ? { internal } : {}),
    })
  }

  const outcome = at('invalid') ? (
    <Trans>Write your message first (up to 10,000 characters).</Trans>
  ) : at('rateLimited') ? (
    (message ?? <Trans>You have sent many messages in a short time. Please wait a minute.</Trans>)
  ) : at('refused') ? (
    (message ?? <Trans>This message cannot be sent as it is.</Trans>)
  ) : at('sendFailed') ? (
    (message ?? <Trans>Your message could not be sent.</Trans>)
  ) : notice === 'waitForUploads' ? (
    <Trans>Please wait until your files are uploaded.</Trans>
  ) : at('ready') && sent > 0 ? (
    sentNote ? (
      <Trans>Internal note saved. The client does not see it.</Trans>
    ) : (
      <Trans>Message sent.</Trans>
    )
  ) : null

  return (
    <form
      className={dragging ? 'composer composer-dragging' : 'composer'}
      noValidate
      onSubmit={submit}
      aria-busy={sending}
      onDragEnter={dragEnter}
      onDragOver={dragOver}
      onDragLeave={dragLeave}
      onDrop={drop}
    >
      {dragging ? (
        <p className="composer-drop-zone" aria-hidden="true">
          <Trans>Drop the files to attach them</Trans>
        </p>
      ) : null}
      <div className="form-field">
        <label htmlFor={textId}>
          {reader === 'client' ? <Trans>Your message</Trans> : <Trans>Reply</Trans>}
        </label>
        <textarea
          id={textId}
          name="message"
          rows={5}
          maxLength={threadLimits.bodyMax}
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
          aria-invalid={at('invalid') || at('refused')}
          aria-describedby={hintId}
        />
        <p id={hintId} className="form-hint">
          <Trans>Plain text; web addresses become links.</Trans>
        </p>
      </div>
      <div className="form-field composer-files">
        <label htmlFor={filesId} className="button">
          <Trans>Attach files</Trans>
        </label>
        <input
          id={filesId}
          className="visually-hidden"
          type="file"
          multiple
          accept={acceptAttribute}
          onChange={pick}
          disabled={live.length >= threadLimits.filesPerMessage}
          aria-describedby={`${filesId}-hint`}
        />
        <p id={`${filesId}-hint`} className="form-hint">
          <Trans>
            Up to 5 files of 10 MB each: PDF, images (PNG, JPEG, WebP), text, CSV or Office
            documents.
          </Trans>
        </p>
        {notice === 'tooMany' ? (
          <p className="form-error" role="alert">
            <Trans>At most 5 files a message: the others were left out.</Trans>
          </p>
        ) : null}
        {picked.length > 0 ? (
          <ul className="attachments">
            {picked.map(({ key, file }) => (
              <Attachment key={key} file={file} upload={upload} onChange={report(key)} />
            ))}
          </ul>
        ) : null}
      </div>
      {reader === 'agency' ? (
        <div className="form-field form-check">
          <input
            id={`${textId}-internal`}
            type="checkbox"
            checked={internal}
            onChange={(event) => setInternal(event.currentTarget.checked)}
          />
          <label htmlFor={`${textId}-internal`}>
            <Trans>Internal note (only the team sees it; the client is not told)</Trans>
          </label>
        </div>
      ) : null}
      <p className="form-status" role="status">
        {outcome}
      </p>
      <p className="form-actions">
        <button type="submit" className="button button-primary" aria-disabled={sending}>
          {sending ? (
            <Trans>Sending…</Trans>
          ) : reader === 'agency' && internal ? (
            <Trans>Save internal note</Trans>
          ) : (
            <Trans>Send message</Trans>
          )}
        </button>
        {at('sendFailed') ? (
          <button type="button" className="button" onClick={onRetry}>
            <Trans>Try again</Trans>
          </button>
        ) : null}
      </p>
    </form>
  )
}
