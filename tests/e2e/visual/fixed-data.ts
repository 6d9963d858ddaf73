import type { BrowserContext } from 'playwright-core'
import type {
  AdminServiceRequestList,
  AdminServiceRequestListItem,
  Enquiry,
  ListPage,
  MeBody,
  MyServiceRequest,
} from '../../../domain/api/api-contract'
import { apiPrefix } from '../../../domain/api/endpoint'
import { anEnquiry, enquiryDetailRead } from '../../doubles/admin-detail-answers'
import { myRequestsRead } from '../../doubles/my-requests-answers'
import { laptopFactors } from '../../doubles/security-section-answers'
import { sessionsRead } from '../../doubles/sessions-list-answers'
import { testAdmin, testUser } from '../../fixtures/account-user'
import { adminRequest, movedRequest, sentRequest } from '../../fixtures/service-requests'

/**
 * The signed-in pages' data, the same on every run: the accounts the screenshots sign in with
 * are real (fresh addresses, fresh sessions), but what the pages read about them is the jsdom
 * tests' held answers (tests/doubles/, checked against the real server by
 * doubles-match-server.test.ts), so no address, date or other test's row reaches a screenshot.
 */
function page<Item>(items: readonly Item[]): ListPage<Item> {
  return { success: true, items, total: items.length, page: 1, pageSize: 25 }
}

const listedRequest: AdminServiceRequestListItem = {
  ...adminRequest,
  newMessages: 1,
  awaitingReply: true,
  proposalAwaitingAnswer: false,
  proposalDeclined: false,
  answerOverdue: false,
}
const requestList: AdminServiceRequestList = {
  ...page([listedRequest]),
  proposals: { awaitingAnswer: 1, acceptedThisMonth: 4_872_000 },
}
const handledEnquiry: Enquiry = {
  ...anEnquiry,
  id: 'enquiry-2',
  name: 'Jorge Ramírez',
  email: 'jorge@example.com',
  company: 'Ramírez Muebles',
  message: 'A catalogue for our furniture workshop.',
  locale: 'en',
  createdAt: '2026-11-18T16:30:00.000Z',
  handledAt: '2026-11-19T09:00:00.000Z',
}

/**
 * The client's list: a request with a proposal waiting for their answer and new messages, and an
 * older one whose accepted proposal has its deposit due ("What needs you" lists all three).
 */
const myRequests: readonly MyServiceRequest[] = [
  {
    ...movedRequest(sentRequest, 'proposalSent', 'Our proposal is ready: two options inside.'),
    newMessages: 2,
    proposal: { version: 1, state: 'sent', total: 5_800_000, validUntil: '2026-12-20' },
  },
  {
    ...movedRequest(
      movedRequest(
        { ...sentRequest, id: 'request-0', number: 'PD-2026-0000', serviceId: 'seo' },
        'proposalSent',
        '',
      ),
      'inProgress',
      '',
      'client',
    ),
    proposal: { version: 2, state: 'accepted', total: 2_320_000, validUntil: '2026-12-31' },
    amountDue: 1_160_000,
  },
]

/** GET answers by path, for a client (`me`) or an admin. */
function answers(who: 'client' | 'admin'): ReadonlyMap<string, unknown> {
  const me: MeBody = { success: true, user: who === 'admin' ? testAdmin : testUser }
  return new Map<string, unknown>([
    [`${apiPrefix}/me`, me],
    [`${apiPrefix}/me/sessions`, sessionsRead.body],
    [`${apiPrefix}/me/factors`, laptopFactors],
    [`${apiPrefix}/me/service-requests`, myRequestsRead(...myRequests).body],
    [`${apiPrefix}/admin/service-requests`, requestList],
    [`${apiPrefix}/admin/enquiries`, page([anEnquiry, handledEnquiry])],
    [`${apiPrefix}/admin/enquiries/${anEnquiry.id}`, enquiryDetailRead(anEnquiry).body],
    [`${apiPrefix}/admin/inbox-summary`, { success: true, unansweredThreads: 1 }],
  ])
}

/** The detail page the screenshots show: an enquiry of the fixed list. */
export const fixedEnquiryId = anEnquiry.id

/** Answers the context's reads of the signed-in pages from the fixed data; the rest goes on. */
export async function serveFixedData(
  context: BrowserContext,
  who: 'client' | 'admin',
): Promise<void> {
  const fixed = answers(who)
  await context.route(`**${apiPrefix}/**`, async (route) => {
    const request = route.request()
    const body = request.method() === 'GET' ? fixed.get(new URL(request.url()).pathname) : undefined
    if (body === undefined) return route.continue()
    return route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify(body),
    })
  })
}
