import type { Pool } from 'pg'
import type { StoredAccountData } from '../../domain/api/api-contract'
import { exportProposals } from './proposal-store'
import { toClientProposal } from './proposal-view'

/** The export's proposals and acceptance records of `userId`, as the contract writes them. */
export async function exportedProposals(
  pool: Pool,
  userId: string,
  now: Date,
): Promise<Pick<StoredAccountData, 'proposals' | 'proposalAcceptances'>> {
  const { proposals, acceptances } = await exportProposals(pool, userId)
  return {
    proposals: proposals.map((row) => toClientProposal(row, now)),
    proposalAcceptances: acceptances.map((row) => ({
      proposalId: row.proposal_id,
      requestId: row.request_id,
      fullName: row.full_name,
      ipAddress: row.ip_address,
      userAgent: row.user_agent,
      acceptedAt: row.accepted_at.toISOString(),
      retainUntil: row.retain_until.toISOString(),
      contentSha256: row.content_sha256,
      content: row.content,
    })),
  }
}
