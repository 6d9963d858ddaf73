import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ContentKind } from '../../../../domain/content/content-kinds'
import { momentStyle } from '../../../ui/date-styles'
import { LoadState } from '../../../ui/load-state'
import { useSecondFactorFirst } from '../use-second-factor-first'
import { contentListQueryOptions } from './api/content-effects'
import { kindNames, titleOf } from './content-names'
import { ContentStateLabel } from './content-state'

/** One kind's items: the title in the admin's language, the state, the last change. */
export function ContentList({ kind }: { readonly kind: ContentKind }) {
  const { i18n } = useLingui()
  const answer = useQuery(contentListQueryOptions(kind))
  useSecondFactorFirst(answer.error)
  const name = i18n._(kindNames[kind])
  const locale = i18n.locale === 'es' ? 'es' : 'en'
  if (!answer.data)
    return (
      <LoadState
        failed={answer.isError}
        loading={<Trans>Loading {name}…</Trans>}
        failure={<Trans>{name} could not be loaded.</Trans>}
        onRetry={() => void answer.refetch()}
      />
    )
  const { items } = answer.data
  const count = items.length
  return (
    <section aria-labelledby="content-list-heading">
      <h2 id="content-list-heading">{name}</h2>
      <p className="form-actions">
        <Link
          to="/admin/content/$kind/$id"
          params={{ kind, id: 'new' }}
          className="button button-primary"
        >
          <Trans>New</Trans>
        </Link>
      </p>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption>
            <Trans>
              {name}: {count}
            </Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Title</Trans>
              </th>
              <th scope="col">
                <Trans>State</Trans>
              </th>
              <th scope="col">
                <Trans>Last change</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.length === 0 ? (
              <tr>
                <td colSpan={3}>
                  <Trans>Nothing here yet.</Trans>
                </td>
              </tr>
            ) : null}
            {items.map((item) => {
              const title = titleOf(kind, item.data, locale) || '—'
              const who = item.updatedBy?.email ?? '—'
              const when = i18n.date(new Date(item.updatedAt), momentStyle)
              return (
                <tr key={item.id}>
                  <th scope="row">
                    <Link to="/admin/content/$kind/$id" params={{ kind, id: item.id }}>
                      {title}
                    </Link>
                  </th>
                  <td>
                    <ContentStateLabel state={item.state} />
                  </td>
                  <td>
                    <Trans>
                      {who}, <time dateTime={item.updatedAt}>{when}</time>
                    </Trans>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </section>
  )
}
