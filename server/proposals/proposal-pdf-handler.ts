import type { Handler } from 'hono'
import { isLocale } from '../../domain/locales'
import type { AgencyDeps } from '../http/agency-deps'
import { failure } from '../http/answers'
import { pathId } from '../http/path-ids'
import { type AccountEnv, signedInOf } from '../http/require-session'
import { translator } from '../i18n/server-i18n'
import { serviceLabel } from '../i18n/stored-labels'
import { nowOf } from '../sessions/clock'
import { proposalAnswerMessages as m, proposalPdfMessages } from './proposal-messages'
import { renderProposalPdf } from './proposal-pdf'
import { contentOf, effectiveState } from './proposal-rows'
import { loadProposal, loadRequestFacts } from './proposal-store'

/** An attachment named `name` (RFC 6266: an ASCII fallback and the exact UTF-8 name). */
function pdfDisposition(name: string): string {
  const safe = name.replace(/[/\\]/g, '_')
  const fallback = safe.replace(/[^\x20-\x7e]|["\\%]/g, '_')
  const exact = encodeURIComponent(safe).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `attachment; filename="${fallback}"; filename*=UTF-8''${exact}`
}

/**
 * `GET …/proposals/:proposalId/pdf`: the version as a PDF — for the client in the language they
 * read the site in, for the agency in the client's language (what the client received).
 */
export function proposalPdfHandler(
  deps: AgencyDeps,
  side: 'client' | 'agency',
): Handler<AccountEnv> {
  return async (c) => {
    const requestId = pathId(c, 'id')
    const proposalId = pathId(c, 'proposalId')
    const row = await loadProposal(deps.pool, requestId, proposalId, {
      side,
      userId: signedInOf(c).user.id,
    })
    const facts = row && (await loadRequestFacts(deps.pool, requestId))
    if (!row || !facts) return failure(c, 404, 'not_found', c.get('t')(m.notFound))
    const locale =
      side === 'client'
        ? c.get('locale')
        : isLocale(facts.client_locale)
          ? facts.client_locale
          : 'en'
    const t = translator(locale)
    const pdf = await renderProposalPdf(
      {
        content: contentOf(row),
        state: effectiveState(row, nowOf(deps)),
        serviceName: serviceLabel(t, facts.service_id) ?? facts.service_id,
        clientName: facts.client_name,
        clientEmail: facts.client_email,
        sentAt: row.sent_at,
        acceptance: row.acceptance && {
          fullName: row.acceptance.full_name,
          acceptedAt: new Date(row.acceptance.accepted_at),
          ipAddress: row.acceptance.ip_address,
          contentSha256: row.acceptance.content_sha256,
        },
      },
      locale,
      deps.agencyTimeZone,
    )
    const name = `${t(proposalPdfMessages.heading)}-${row.version}-${row.title}.pdf`
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': pdfDisposition(name),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    })
  }
}
