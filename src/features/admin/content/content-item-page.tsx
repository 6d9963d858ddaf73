import { Trans } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { contentKinds } from '../../../../domain/content/content-kinds'
import { AdminFrame } from '../admin-frame'
import { ContentEditor } from './content-editor'
import { kindDescriptions } from './content-fields'
import { ContentHistory } from './content-history'
import '../admin.css'
import './content.css'

/** `/admin/content/<kind>/<id>` (`new` for a new item): the item's editor. */
export function ContentItemPage({ kind, id }: { readonly kind: string; readonly id: string }) {
  const known = contentKinds.find((name) => name === kind)
  const fields = known ? kindDescriptions[known].fields : undefined
  // Once deleted, the item has no history to show.
  const [deleted, setDeleted] = useState(false)
  // A restore changes the item under the form: the editor reads it again.
  const [restoredVersion, setRestoredVersion] = useState(0)
  // A new item takes its own address once saved (so a reload or a shared link opens it, and its
  // history shows), keeping the editor it was written in: the key stays the one it had at `new`.
  const navigate = useNavigate()
  const [createdId, setCreatedId] = useState<string>()
  const editorKey = id === createdId ? 'new' : id
  const created = (newId: string) => {
    setCreatedId(newId)
    void navigate({
      to: '/admin/content/$kind/$id',
      params: { kind, id: newId },
      replace: true,
    })
  }
  return (
    <AdminFrame title={<Trans>Site content</Trans>}>
      <p>
        <Link to="/admin/content" search={known ? { kind: known } : {}}>
          <Trans>Back to the list</Trans>
        </Link>
      </p>
      {known && fields ? (
        <>
          <ContentEditor
            key={`${known}/${editorKey}/${restoredVersion}`}
            kind={known}
            id={id === 'new' ? undefined : id}
            fields={fields}
            onDeleted={() => setDeleted(true)}
            onCreated={created}
          />
          {id === 'new' || deleted ? null : (
            <ContentHistory
              key={`${known}/${id}`}
              kind={known}
              id={id}
              fields={fields}
              onRestored={setRestoredVersion}
            />
          )}
        </>
      ) : (
        <section className="result-panel result-panel-bad">
          <h2>
            <Trans>There is no such kind of content</Trans>
          </h2>
        </section>
      )}
    </AdminFrame>
  )
}
