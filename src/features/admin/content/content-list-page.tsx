import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { type ContentKind, contentKinds } from '../../../../domain/content/content-kinds'
import { AdminFrame } from '../admin-frame'
import { ContentList } from './content-list'
import { kindNames } from './content-names'
import '../admin.css'
import './content.css'

/**
 * The "Site content" pages' lists (the editor is its own page, `content-item-page.tsx`, so the
 * signed-in pages share only what both reach).
 */

/** The kinds, as tabs: each its list. */
function KindTabs({ current }: { readonly current: ContentKind }) {
  const { t, i18n } = useLingui()
  return (
    <nav className="admin-tabs content-kinds" aria-label={t`Kinds of content`}>
      <ul>
        {contentKinds.map((kind) => (
          <li key={kind}>
            <Link
              to="/admin/content"
              search={{ kind }}
              aria-current={kind === current ? 'page' : undefined}
            >
              {i18n._(kindNames[kind])}
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
