import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
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
            key={`${known}/${id}/${restoredVersion}`}
            kind={known}
            id={id === 'new' ? undefined : id}
            fields={fields}
            onDeleted={() => setDeleted(true)}
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
