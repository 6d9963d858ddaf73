import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { contentKinds } from '../../../../domain/content/content-kinds'
import { AdminFrame } from '../admin-frame'
import { ContentEditor } from './content-editor'
import { kindDescriptions } from './content-fields'
import '../admin.css'
import './content.css'

/** `/admin/content/<kind>/<id>` (`new` for a new item): the item's editor. */
export function ContentItemPage({ kind, id }: { readonly kind: string; readonly id: string }) {
  const known = contentKinds.find((name) => name === kind)
  const fields = known ? kindDescriptions[known].fields : undefined
  return (
    <AdminFrame title={<Trans>Site content</Trans>}>
      <p>
        <Link to="/admin/content" search={known ? { kind: known } : {}}>
          <Trans>Back to the list</Trans>
        </Link>
      </p>
      {known && fields ? (
        <ContentEditor
          key={`${known}/${id}`}
          kind={known}
          id={id === 'new' ? undefined : id}
          fields={fields}
        />
      ) : (
        <section className="result-panel result-panel-bad">
          <h2>
            {known ? (
              <Trans>This kind of content is not edited here yet</Trans>
            ) : (
              <Trans>There is no such kind of content</Trans>
            )}
          </h2>
        </section>
      )}
    </AdminFrame>
  )
}
