import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { type ContentKind, contentKinds } from '../../../../domain/content/content-kinds'
import { AdminFrame } from '../admin-frame'
import { ContentEditor } from './content-editor'
import { kindDescriptions } from './content-fields'
import { ContentList } from './content-list'
import '../admin.css'
import './content.css'

/** The kinds, as tabs: each its list. */
function KindTabs({ current }: { readonly current: ContentKind }) {
  const { t, i18n } = useLingui()
  return (
    <nav className="admin-tabs" aria-label={t`Kinds of content`}>
      <ul>
        {contentKinds.map((kind) => (
          <li key={kind}>
            <Link
              to="/admin/content"
              search={{ kind }}
              aria-current={kind === current ? 'page' : undefined}
            >
              {i18n._(kindDescriptions[kind].name)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** `/admin/content?kind=…`: one kind's items, drafts included. */
export function ContentListPage({ kind }: { readonly kind: ContentKind }) {
  return (
    <AdminFrame title={<Trans>Site content</Trans>}>
      <p>
        <Link to="/admin">
          <Trans>Back to the inbox</Trans>
        </Link>
      </p>
      <KindTabs current={kind} />
      <ContentList kind={kind} />
    </AdminFrame>
  )
}

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
