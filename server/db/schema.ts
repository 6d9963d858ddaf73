import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { contentKinds, contentStates, revisionActions } from '../../domain/content/content-kinds'
import { paymentMethods } from '../../domain/payments/payment-methods'
import { instalmentMachine } from '../../machines/instalment-machine'
import { proposalMachine } from '../../machines/proposal-machine'
import { serviceRequestMachine } from '../../machines/service-request-machine'
import { receivablesDueKey, receivablesRank } from './receivables-order'
import { searchKeySql } from './search-key'

/**
 * The one database schema (Drizzle pg-core). `drizzle-kit generate` turns changes into the SQL
 * migrations under ./migrations, which `migrate.ts` applies at start-up.
 */

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** As the visitor typed it (trimmed); uniqueness is case-insensitive (see the index). */
    email: text('email').notNull(),
    /** argon2id PHC string; never returned by the API, never logged. */
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull(),
    street: text('street').notNull(),
    /** Required since addresses follow Mexican use ("S/N" where a building has no number). */
    exteriorNumber: text('exterior_number').notNull(),
    /** Most addresses have none. */
    interiorNumber: text('interior_number'),
    neighborhood: text('neighborhood').notNull(),
    municipality: text('municipality').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    /** ISO 3166-2:MX code (`JAL`, `CMX`, …) for an address in Mexico; none elsewhere. */
    state: text('state'),
    /**
     * ISO 3166-1 alpha-2 code. None only for an account from before countries were a list whose
     * free text named no country the migration could recognise: the profile asks for it.
     */
    country: text('country'),
    gender: text('gender').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    /** Language the account was created in: the default for mail sent without a request. */
    locale: text('locale').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** Set when the owner opened the verification link: only a verified account signs in. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** `admin` opens the agency's inbox (`npm run admin:grant`); everyone else is a `client`. */
    role: text('role').notNull().default('client'),
    /** The inbox's search key of name, last name and email: no accents, lower case (search-key.ts). */
    searchKey: text('search_key')
      .notNull()
      .generatedAlwaysAs(sql.raw(searchKeySql(`"name" || ' ' || "last_name" || ' ' || "email"`))),
  },
  (table) => [
    // One account per address whatever its case: the database decides, in one statement
    // (INSERT … ON CONFLICT DO NOTHING), so concurrent registrations cannot both win.
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
    check('users_gender_check', sql`${table.gender} in ('Male', 'Female', 'PreferNotToSay')`),
    check('users_country_check', sql`${table.country} ~ '^[A-Z]{2}$'`),
    check('users_state_check', sql`${table.state} ~ '^[A-Z]{3}$'`),
    check('users_locale_check', sql`${table.locale} in ('en', 'es')`),
    check('users_role_check', sql`${table.role} in ('client', 'admin')`),
    // The hourly clean-up deletes registrations left unconfirmed for 7 days
    // (server/maintenance/cleanup.ts); confirmed accounts stay out of the index.
    index('users_unverified_created_at_idx')
      .on(table.createdAt)
      .where(sql`${table.emailVerifiedAt} is null`),
    // The admin inbox searches requests by their client's name or email (pg_trgm: any substring),
    // whatever the case and the accents.
    index('users_search_key_trgm_idx').using('gin', sql`${table.searchKey} gin_trgm_ops`),
  ],
)

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the 256-bit token: the token itself is only ever in the mail. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('password_reset_tokens_user_id_idx').on(table.userId),
    // The scheduled clean-up deletes tokens by expiry (server/maintenance/cleanup.ts).
    index('password_reset_tokens_expires_at_idx').on(table.expiresAt),
  ],
)

/** Links of the verification mail: 24 hours, single use, like the reset tokens. */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the 256-bit token: the token itself is only ever in the mail. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('email_verification_tokens_user_id_idx').on(table.userId),
    index('email_verification_tokens_expires_at_idx').on(table.expiresAt),
  ],
)

/**
 * Signed-in sessions (server/sessions). The browser holds a 256-bit random id; only its SHA-256
 * is stored, so a copy of the table cannot be replayed as cookies. `id` is the public handle the
 * sessions list shows and `DELETE /api/v1/me/sessions/:id` takes.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** "Remember me": idle expiry 30 days instead of 2 hours. */
    remember: boolean('remember').notNull().default(false),
    /** The sign-in's user agent (truncated), for the device shown in the sessions list. */
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    /** The absolute expiry: 30 days after the sign-in, whatever the activity. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** How it signed in: `password`, `passwordAndCode`, `passkey` or `recoveryCode`. */
    signInMethod: text('sign_in_method').notNull().default('password'),
    /**
     * The last time its holder proved who they are (the sign-in, or a step-up): sensitive
     * actions need it within the last 10 minutes (server/sessions/step-up.ts).
     */
    lastProofAt: timestamp('last_proof_at', { withTimezone: true }),
    /**
     * The last time its holder proved a second factor (a sign-in with one, or a step-up with a
     * code or passkey): once the account has a factor, managing factors needs this one fresh,
     * never the password alone (docs/decisions/038-second-factors-and-step-up.md).
     */
    lastFactorProofAt: timestamp('last_factor_proof_at', { withTimezone: true }),
  },
  (table) => [
    check(
      'sessions_sign_in_method_check',
      sql`${table.signInMethod} in ('password', 'passwordAndCode', 'passkey', 'recoveryCode')`,
    ),
    index('sessions_user_id_idx').on(table.userId),
    // The scheduled clean-up deletes sessions past either expiry (server/maintenance/cleanup.ts).
    index('sessions_expires_at_idx').on(table.expiresAt),
    index('sessions_last_seen_at_idx').on(table.lastSeenAt),
  ],
)

/** Messages sent from the contact form (spam caught by the rules is never stored). */
export const contactEnquiries = pgTable(
  'contact_enquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    company: text('company').notNull().default(''),
    /** A service-table id, or null when the visitor chose none. */
    serviceId: text('service_id'),
    budget: text('budget').notNull(),
    message: text('message').notNull(),
    /** The page's language: the acknowledgement is written in it. */
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
    /** The inbox's search key of name and email: no accents, lower case (search-key.ts). */
    searchKey: text('search_key')
      .notNull()
      .generatedAlwaysAs(sql.raw(searchKeySql(`"name" || ' ' || "email"`))),
    /**
     * Sent faster than a person fills the form (`minimumFillMs`): kept for the agency to look
     * at, flagged "Likely spam" in the inbox, never mailed to it.
     */
    likelySpam: boolean('likely_spam').notNull().default(false),
  },
  (table) => [
    check('contact_enquiries_locale_check', sql`${table.locale} in ('en', 'es')`),
    // The admin list pages newest first, filtered by handled, service and date.
    index('contact_enquiries_created_at_idx').on(table.createdAt.desc(), table.id.desc()),
    index('contact_enquiries_service_created_idx').on(table.serviceId, table.createdAt.desc()),
    index('contact_enquiries_open_created_idx')
      .on(table.createdAt.desc())
      .where(sql`${table.handledAt} is null`),
    // The inbox's search by name or email, whatever the case and the accents.
    index('contact_enquiries_search_key_trgm_idx').using(
      'gin',
      sql`${table.searchKey} gin_trgm_ops`,
    ),
  ],
)

/**
 * The statuses a request may be stored in: the `serviceRequest` machine's states, in its order
 * (the CHECK below is written from them, so a new state needs only a generated migration).
 */
const storedRequestStatuses = Object.keys(serviceRequestMachine.states)
  .map((status) => `'${status}'`)
  .join(', ')

/**
 * A client's request for a service. `status` moves only as the `serviceRequest` machine
 * (machines/service-request-machine.ts) allows; every change is a history row.
 */
export const serviceRequests = pgTable(
  'service_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceId: text('service_id').notNull(),
    status: text('status').notNull().default('received'),
    need: text('need').notNull(),
    desiredStart: text('desired_start').notNull(),
    budget: text('budget').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Its short human number, `PD-2026-0042` (request-number.ts): the year of creation in Mexico
     * City and that year's counter (`request_number_counters`), taken when it is stored.
     */
    number: text('number').notNull(),
    /**
     * The latest of its creation, a public message by either side, a status change and a
     * proposal change (request-activity.ts): the inbox sorts by it.
     */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'service_requests_status_check',
      sql`${table.status} in (${sql.raw(storedRequestStatuses)})`,
    ),
    index('service_requests_user_created_idx').on(table.userId, table.createdAt.desc()),
    index('service_requests_created_at_idx').on(table.createdAt.desc(), table.id.desc()),
    index('service_requests_status_created_idx').on(table.status, table.createdAt.desc()),
    index('service_requests_service_created_idx').on(table.serviceId, table.createdAt.desc()),
    uniqueIndex('service_requests_number_idx').on(table.number),
    // The inbox's default order: the latest activity first.
    index('service_requests_activity_idx').on(table.lastActivityAt.desc(), table.id.desc()),
  ],
)

/**
 * The last request number given in each year (Mexico City): a new request takes the next one
 * with `INSERT … ON CONFLICT DO UPDATE` in its own statement, so two instances never give the
 * same number (the row's lock orders them). Gaps are possible (a failed insert), repeats are not.
 */
export const requestNumberCounters = pgTable('request_number_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
})

/** Every status change of a request: who, when, from, to, and the note the client reads. */
export const serviceRequestHistory = pgTable(
  'service_request_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    /** null on the row that records the request's creation. */
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** `client` or `agency`. */
    byRole: text('by_role').notNull(),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('service_request_history_by_check', sql`${table.byRole} in ('client', 'agency')`),
    index('service_request_history_request_idx').on(table.requestId, table.createdAt),
  ],
)

const storedProposalStates = Object.keys(proposalMachine.states)
  .map((state) => `'${state}'`)
  .join(', ')

/**
 * One version of a request's proposal. `state` moves only as the `proposal` machine
 * (machines/proposal-machine.ts) allows; every change is a `proposal_events` row. Amounts are
 * integer centavos; subtotal, IVA and total are computed by the server (domain/money.ts)
 * and stored as they were sent. Once sent a version never changes: a revision is a new row.
 * A request holds at most one draft and one sent version, and at most one accepted.
 */
export const proposals = pgTable(
  'proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    state: text('state').notNull().default('draft'),
    title: text('title').notNull(),
    /** `[{ description, quantity, unitPrice }]`, unit prices in centavos. */
    items: jsonb('items').notNull(),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    ivaPercent: smallint('iva_percent').notNull(),
    iva: bigint('iva', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    /** Acceptable through this whole day in Mexico City. */
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    scope: text('scope').notNull().default(''),
    terms: text('terms').notNull().default(''),
    /** The client's reason for declining, or the agency's for withdrawing. */
    reason: text('reason').notNull().default(''),
    /** Lower-case hex SHA-256 of the canonical content, set when it is sent. */
    contentSha256: text('content_sha256'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * The plan the total is paid in (domain/payments/payment-schedule.ts), null for none; on
     * acceptance each instalment becomes a `payment_instalments` row.
     */
    paymentSchedule: jsonb('payment_schedule'),
  },
  (table) => [
    check('proposals_state_check', sql`${table.state} in (${sql.raw(storedProposalStates)})`),
    check(
      'proposals_amounts_check',
      sql`${table.discount} >= 0 and ${table.discount} <= ${table.subtotal} and ${table.total} = ${table.subtotal} - ${table.discount} + ${table.iva}`,
    ),
    uniqueIndex('proposals_request_version_idx').on(table.requestId, table.version),
    uniqueIndex('proposals_one_draft_idx').on(table.requestId).where(sql`${table.state} = 'draft'`),
    uniqueIndex('proposals_one_sent_idx').on(table.requestId).where(sql`${table.state} = 'sent'`),
    uniqueIndex('proposals_one_accepted_idx')
      .on(table.requestId)
      .where(sql`${table.state} = 'accepted'`),
    // The expiry sweep's search, and the admin list's "awaiting answer".
    index('proposals_sent_valid_idx').on(table.validUntil).where(sql`${table.state} = 'sent'`),
    index('proposals_closed_idx').on(table.state, table.closedAt),
  ],
)

/** Every change of a proposal: who, when, from, to and the reason given. */
export const proposalEvents = pgTable(
  'proposal_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    /** null on the row that records the draft's creation. */
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    /** `client` or `agency` (the clock's expiry counts as the agency's). */
    byRole: text('by_role').notNull(),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('proposal_events_by_check', sql`${table.byRole} in ('client', 'agency')`),
    index('proposal_events_proposal_idx').on(table.proposalId, table.createdAt),
  ],
)

/**
 * The record of an acceptance: who (the account, and the name they typed), when, from which
 * address and user agent, and the content as sent with its SHA-256. It outlives the account and
 * the request (links set null, the client's name and email kept) until `retain_until`, five
 * years after acceptance, for the agency's tax records (docs/decisions/042-proposals.md); the
 * clean-up deletes it then. One per proposal.
 */
export const proposalAcceptances = pgTable(
  'proposal_acceptances',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    proposalId: uuid('proposal_id').references(() => proposals.id, { onDelete: 'set null' }),
    requestId: uuid('request_id').references(() => serviceRequests.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    clientName: text('client_name').notNull(),
    clientEmail: text('client_email').notNull(),
    /** As the client typed it. */
    fullName: text('full_name').notNull(),
    ipAddress: text('ip_address').notNull(),
    userAgent: text('user_agent').notNull(),
    /** The canonical content as sent (the text the hash is of). */
    content: text('content').notNull(),
    contentSha256: text('content_sha256').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
    retainUntil: timestamp('retain_until', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('proposal_acceptances_proposal_idx').on(table.proposalId),
    index('proposal_acceptances_user_idx').on(table.userId),
    index('proposal_acceptances_accepted_idx').on(table.acceptedAt),
    index('proposal_acceptances_retain_idx').on(table.retainUntil),
  ],
)

/** Raw bytes (PostgreSQL `bytea`), read and written as Node buffers. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' })

/**
 * A request's conversation: one thread per request between its client and the agency. An
 * internal note (`internal`) is the agency's alone: never shown, streamed, mailed or exported to
 * the client. Deleting the request (or its client's account) deletes its messages; a deleted
 * admin's replies stay, without an author.
 */
export const threadMessages = pgTable(
  'thread_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** `client` or `agency`. */
    side: text('side').notNull(),
    internal: boolean('internal').notNull().default(false),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * A reply by email: its `Message-ID`. A mail delivered again (a sending server retries when
     * our answer was lost; two instances may both receive it) is stored once, by the index below.
     */
    mailMessageId: text('mail_message_id'),
  },
  (table) => [
    uniqueIndex('thread_messages_mail_message_idx').on(table.requestId, table.mailMessageId),
    check('thread_messages_side_check', sql`${table.side} in ('client', 'agency')`),
    check('thread_messages_internal_check', sql`not ${table.internal} or ${table.side} = 'agency'`),
    check('thread_messages_body_check', sql`char_length(${table.body}) between 1 and 10000`),
    // A page of a thread is the newest messages before a cursor (the id).
    index('thread_messages_request_idx').on(table.requestId, table.id.desc()),
    // "Awaiting our reply" and the client's view read public messages only.
    index('thread_messages_request_public_idx')
      .on(table.requestId, table.id.desc())
      .where(sql`not ${table.internal}`),
    index('thread_messages_author_idx').on(table.authorId),
  ],
)

/**
 * An uploaded file: stored while it arrives (`stored_at` null until its last chunk is in and
 * its type recognised), then sent by one message (`message_id`). An upload no message sends
 * within 24 h is deleted by the clean-up (server/maintenance/cleanup.ts).
 */
export const threadFiles = pgTable(
  'thread_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    /** Who uploaded it; a deleted admin's files stay with the thread. */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    messageId: bigint('message_id', { mode: 'number' }).references(() => threadMessages.id, {
      onDelete: 'cascade',
    }),
    /** Its place among the message's files. */
    position: smallint('position').notNull().default(0),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    /** Recognised from the content (domain/requests/thread-limits.ts lists the types). */
    mediaType: text('media_type').notNull().default(''),
    /** Lower-case hex. */
    sha256: text('sha256').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    storedAt: timestamp('stored_at', { withTimezone: true }),
    /**
     * Where its bytes are: `postgres` (thread_file_chunks) or `s3` (the bucket's object named by
     * the file's id). Set at upload from FILE_STORAGE; `npm run files:move` flips it.
     */
    storage: text('storage').notNull().default('postgres'),
  },
  (table) => [
    check('thread_files_storage_check', sql`${table.storage} in ('postgres', 's3')`),
    index('thread_files_request_idx').on(table.requestId),
    index('thread_files_message_idx').on(table.messageId, table.position),
    index('thread_files_owner_idx').on(table.ownerId),
    // The clean-up's search: uploads never sent.
    index('thread_files_unsent_idx').on(table.createdAt).where(sql`${table.messageId} is null`),
  ],
)

/**
 * A file's bytes, in chunks of 256 KiB (the last one shorter): written and read one chunk at a
 * time, so no file is ever whole in memory, and a range reads only the chunks it covers.
 */
export const threadFileChunks = pgTable(
  'thread_file_chunks',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => threadFiles.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (table) => [primaryKey({ columns: [table.fileId, table.seq] })],
)

/**
 * Files whose rows were deleted (by any path: a discarded upload, the clean-up, a request or an
 * account deleted with everything in it), written by a trigger on thread_files in the same
 * transaction: the bucket objects still to delete (server/storage/gone-files.ts). A bucket object
 * is named by its row's id and written only after that row committed, so every object the
 * bucket may hold is either a live row's or listed here.
 */
export const threadFilesGone = pgTable('thread_files_gone', {
  fileId: uuid('file_id').primaryKey(),
  /** Where the bytes were when the row went (a move may have left a copy in the bucket). */
  storage: text('storage').notNull(),
  goneAt: timestamp('gone_at', { withTimezone: true }).notNull().defaultNow(),
})

/** How far each account has read each thread (messages after it are new to them). */
export const threadReads = pgTable(
  'thread_reads',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    upTo: bigint('up_to', { mode: 'number' }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.requestId] }),
    index('thread_reads_request_idx').on(table.requestId),
  ],
)

/**
 * The open event streams, one row each, refreshed by their instance's heartbeat (a crashed
 * instance's rows go stale): a message is mailed only to a side with no fresh row for its
 * thread, whichever instance holds the stream; and the fresh rows of an account or of a client
 * address are what the stream caps count, across instances (server/live/thread-hub.ts). An inbox
 * stream has no request. A row goes with its session: a signed-out stream stops counting as
 * present at once.
 */
export const threadWatchers = pgTable(
  'thread_watchers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The thread the stream follows; null for the agency's inbox stream (every thread). */
    requestId: uuid('request_id').references(() => serviceRequests.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    side: text('side').notNull(),
    /** The session the stream was opened with: the stream ends when it does. */
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** The client address's rate-limit key (IPv6 by /64), for the per-address cap. */
    addressKey: text('address_key').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('thread_watchers_side_check', sql`${table.side} in ('client', 'agency')`),
    index('thread_watchers_request_idx').on(table.requestId, table.side, table.seenAt),
    index('thread_watchers_seen_idx').on(table.seenAt),
    index('thread_watchers_user_idx').on(table.userId, table.seenAt),
    index('thread_watchers_address_idx').on(table.addressKey, table.seenAt),
    index('thread_watchers_session_idx').on(table.sessionId),
  ],
)

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    locale: text('locale').notNull(),
    /**
     * The account a recovery mail is for. The row holds no token: the worker creates it just
     * before handing the mail to SMTP and stores only its hash (server/mail/outbox-worker.ts).
     */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The enquiry a contact mail (to the agency, or the acknowledgement) is about. */
    enquiryId: uuid('enquiry_id').references(() => contactEnquiries.id, { onDelete: 'cascade' }),
    /** The status change a request mail tells the client about. */
    requestHistoryId: bigint('request_history_id', { mode: 'number' }).references(
      () => serviceRequestHistory.id,
      { onDelete: 'cascade' },
    ),
    /** The proposal change a proposal mail tells about (sent, accepted, declined). */
    proposalEventId: bigint('proposal_event_id', { mode: 'number' }).references(
      () => proposalEvents.id,
      { onDelete: 'cascade' },
    ),
    /** The first message of a thread digest (the mail lists it and those after it). */
    threadMessageId: bigint('thread_message_id', { mode: 'number' }).references(
      () => threadMessages.id,
      { onDelete: 'cascade' },
    ),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the row is due; while a worker holds the row, the end of its claim (a lease). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('mail_outbox_pending_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    // Finished rows (they hold an address) are deleted after 30 days by the scheduled clean-up.
    // A new message joins the thread's digest still waiting, found by its first message.
    index('mail_outbox_thread_message_idx')
      .on(table.threadMessageId)
      .where(sql`${table.threadMessageId} is not null`),
    index('mail_outbox_finished_idx').on(table.createdAt).where(sql`${table.status} <> 'pending'`),
    // `dropped`: a recovery request for an address without an account (nothing is sent).
    check(
      'mail_outbox_status_check',
      sql`${table.status} in ('pending', 'sent', 'failed', 'expired', 'dropped')`,
    ),
  ],
)

/** Fixed-window counters shared by every instance (see server/security/rate-limit.ts). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  // Windows that ended long ago are deleted by the scheduled clean-up.
  (table) => [index('rate_limits_window_started_at_idx').on(table.windowStartedAt)],
)

/**
 * Secrets every instance must share (the XSRF key when XSRF_SECRET is not set): the first
 * instance inserts a fresh one, every other one reads it (see server/security/secrets.ts).
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  /** base64url */
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Passkeys (WebAuthn credentials), verified with SimpleWebAuthn (server/security/webauthn.ts).
 * `credentialId` and `publicKey` are base64url; `counter` is the authenticator's signature
 * counter (0 for authenticators that keep none), checked to grow when it is not 0.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** What the browser said the authenticator speaks (usb, nfc, ble, internal, hybrid). */
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    /** The name the user gave it. */
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('passkeys_user_id_idx').on(table.userId)],
)

/**
 * The authenticator app (TOTP, RFC 6238) of an account: one row, pending until confirmed with a
 * code. The secret is encrypted with AES-256-GCM under the server's key (TOTP_ENCRYPTION_KEY,
 * server/security/secret-box.ts): a copy of the database alone cannot mint codes.
 */
export const totpFactors = pgTable(
  'totp_factors',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
    secretCiphertext: text('secret_ciphertext').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** null: an enrolment pending its first code (it lapses 10 minutes after `createdAt`). */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The last time step whose code was accepted: a code (or an older one) works once. */
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  },
  (table) => [
    index('totp_factors_pending_idx').on(table.createdAt).where(sql`${table.confirmedAt} is null`),
  ],
)

/** Recovery codes: SHA-256 of each (80 random bits), single use; a new set replaces the old. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('recovery_codes_user_hash_key').on(table.userId, table.codeHash)],
)

/**
 * A sign-in half-way: the password was right, the second step is owed. Not a session: it
 * opens nothing but `POST /api/v1/auth/login/second-factor` (and names the account's passkeys),
 * for 5 minutes. The browser holds a 256-bit id in a cookie; the table holds its SHA-256.
 */
export const pendingSignIns = pgTable(
  'pending_sign_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remember: boolean('remember').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('pending_sign_ins_expires_at_idx').on(table.expiresAt)],
)

/**
 * WebAuthn challenges handed to a browser: single use (deleted when answered), 5 minutes. A
 * registration's and a proof's name their account; a sign-in's may name the half-way account.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    /** `registration`, `signIn` or `proof`. */
    purpose: text('purpose').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check(
      'webauthn_challenges_purpose_check',
      sql`${table.purpose} in ('registration', 'signIn', 'proof')`,
    ),
    index('webauthn_challenges_expires_at_idx').on(table.expiresAt),
  ],
)

const storedList = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ')

/**
 * The site's content the agency edits (docs/decisions/059): one row per item of any kind, its
 * fields as JSON checked by the kind's schema (`domain/content/content-schemas.ts`) before every
 * write. `version` counts the changes; a change names the version it was made from.
 */
export const contentItems = pgTable(
  'content_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    state: text('state').notNull().default('draft'),
    version: integer('version').notNull().default(1),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (table) => [
    check('content_items_kind_check', sql`${table.kind} in (${sql.raw(storedList(contentKinds))})`),
    check(
      'content_items_state_check',
      sql`${table.state} in (${sql.raw(storedList(contentStates))})`,
    ),
    index('content_items_kind_idx').on(table.kind, table.createdAt),
    // A case study's address in each language names one case study.
    uniqueIndex('content_items_slug_en_idx')
      .on(sql`(${table.data}->'slug'->>'en')`)
      .where(sql`${table.kind} = 'case-studies' and ${table.data}->'slug'->>'en' <> ''`),
    uniqueIndex('content_items_slug_es_idx')
      .on(sql`(${table.data}->'slug'->>'es')`)
      .where(sql`${table.kind} = 'case-studies' and ${table.data}->'slug'->>'es' <> ''`),
  ],
)

/** Every change of an item, numbered by the version it made: who, when, and the whole item. */
export const contentRevisions = pgTable(
  'content_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    action: text('action').notNull(),
    state: text('state').notNull(),
    data: jsonb('data').notNull(),
    restoredFrom: integer('restored_from'),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'content_revisions_action_check',
      sql`${table.action} in (${sql.raw(storedList(revisionActions))})`,
    ),
    uniqueIndex('content_revisions_item_number_idx').on(table.itemId, table.number),
  ],
)

/** The seed content shipped with the site, inserted once (a row per seed, by name). */
export const contentSeeds = pgTable('content_seeds', {
  name: text('name').primaryKey(),
  seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * The public pages a publish rendered again from the published content (docs/decisions/060),
 * by the build's file name (`en/index.html`, `es/trabajos/<slug>.html`, `sitemap.xml`): every
 * instance serves a row before the build's file. A page a case study no longer has is a row too,
 * its translated 404 page (`status` 404). `content_version` is the publish that wrote the row:
 * an instance told of a new version (`NOTIFY rendered_pages`) reads the rows newer than its own.
 */
export const renderedPages = pgTable(
  'rendered_pages',
  {
    file: text('file').primaryKey(),
    path: text('path').notNull(),
    locale: text('locale'),
    status: smallint('status').notNull(),
    body: text('body').notNull(),
    etag: text('etag').notNull(),
    brotli: bytea('brotli').notNull(),
    gzip: bytea('gzip').notNull(),
    contentVersion: bigint('content_version', { mode: 'number' }).notNull(),
    renderedAt: timestamp('rendered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('rendered_pages_status_check', sql`${table.status} in (200, 404)`),
    check('rendered_pages_locale_check', sql`${table.locale} in ('en', 'es')`),
    index('rendered_pages_version_idx').on(table.contentVersion),
  ],
)

/**
 * The published content the stored pages were last rendered from, its version and the build
 * that rendered them (one row): the next publish renders the pages whose content differs from it.
 */
export const renderedContent = pgTable(
  'rendered_content',
  {
    id: smallint('id').primaryKey(),
    version: bigint('version', { mode: 'number' }).notNull(),
    content: jsonb('content').notNull(),
    /** The build that rendered them (its templates' hash): a new build renders them all again. */
    build: text('build').notNull(),
    renderedAt: timestamp('rendered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('rendered_content_one_row', sql`${table.id} = 1`)],
)

const storedInstalmentStates = storedList(Object.keys(instalmentMachine.states))

/**
 * One instalment of an accepted proposal's plan: what the client is asked to pay, with its own
 * folio and SPEI reference (from `number`, domain/payments/payment-folio.ts). `state` moves only
 * as the `instalment` machine (machines/instalment-machine.ts) allows; every move is a
 * `payment_events` row. Amounts are centavos. Kept with the payments for the tax records when
 * the request or the proposal is deleted (links set null).
 */
export const paymentInstalments = pgTable(
  'payment_instalments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** From the table's own sequence: the folio and the reference are made from it. */
    number: bigserial('number', { mode: 'number' }).notNull(),
    folio: text('folio').notNull(),
    speiReference: text('spei_reference').notNull(),
    requestId: uuid('request_id').references(() => serviceRequests.id, { onDelete: 'set null' }),
    proposalId: uuid('proposal_id').references(() => proposals.id, { onDelete: 'set null' }),
    /** 1, 2, …: its place in the plan (payments go to the first owed). */
    position: smallint('position').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** What was paid towards it (0 … amount). */
    paid: bigint('paid', { mode: 'number' }).notNull().default(0),
    state: text('state').notNull().default('scheduled'),
    /** `{ on: 'acceptance' | 'status' | 'date', status?, date? }`, as the plan said. */
    due: jsonb('due').notNull(),
    /** The request status it falls due on, or its day (copied out of `due` for the searches). */
    dueStatus: text('due_status'),
    dueDate: date('due_date', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp('due_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    check(
      'payment_instalments_state_check',
      sql`${table.state} in (${sql.raw(storedInstalmentStates)})`,
    ),
    check(
      'payment_instalments_amounts_check',
      sql`${table.amount} > 0 and ${table.paid} >= 0 and ${table.paid} <= ${table.amount}`,
    ),
    uniqueIndex('payment_instalments_number_idx').on(table.number),
    uniqueIndex('payment_instalments_folio_idx').on(table.folio),
    uniqueIndex('payment_instalments_reference_idx').on(table.speiReference),
    index('payment_instalments_request_idx').on(table.requestId, table.position),
    // The daily sweep's search: scheduled instalments whose day has come.
    index('payment_instalments_due_date_idx')
      .on(table.dueDate)
      .where(sql`${table.state} = 'scheduled'`),
    // The receivables list's order (receivables-order.ts): owed, to come, settled; the due day
    // in Mexico City; the number (unique: what follows it only rides along). The columns the
    // expressions are made of, and the id, are in it too: PostgreSQL reads a page's ids, a deep
    // page's included, from the index alone (an index-only scan needs every column the query
    // names, not only the expressions).
    index('payment_instalments_receivables_idx').on(
      sql.raw(receivablesRank('')),
      sql.raw(`(${receivablesDueKey('')})`),
      table.number,
      table.id,
      table.state,
      table.dueDate,
      table.dueAt,
    ),
  ],
)

/**
 * A payment the agency received for a request: how much, the day, how, and where its centavos
 * went (`applied`: `[{ instalmentId, folio, amount }]`; the rest was the client's credit). Kept
 * five years after the day it was received (`retain_until`), with the client's name and email as
 * they were, whatever happens to the account or the request.
 */
export const paymentRecords = pgTable(
  'payment_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: uuid('request_id').references(() => serviceRequests.id, { onDelete: 'set null' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    method: text('method').notNull(),
    note: text('note').notNull().default(''),
    applied: jsonb('applied').notNull(),
    /** What of it was kept as the client's credit when it was recorded. */
    credit: bigint('credit', { mode: 'number' }).notNull(),
    clientName: text('client_name').notNull(),
    clientEmail: text('client_email').notNull(),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    retainUntil: timestamp('retain_until', { withTimezone: true }).notNull(),
    /** Paid through Stripe: its PaymentIntent (unique: one payment is recorded once). */
    stripePaymentIntent: text('stripe_payment_intent'),
    /** A card payment's refund: Stripe's id, the agency's reason, and when Stripe confirmed it. */
    refundId: text('refund_id'),
    refundReason: text('refund_reason'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (table) => [
    check(
      'payment_records_amount_check',
      sql`${table.amount} > 0 and ${table.credit} >= 0 and ${table.credit} <= ${table.amount}`,
    ),
    check(
      'payment_records_method_check',
      sql`${table.method} in (${sql.raw(storedList(paymentMethods))})`,
    ),
    index('payment_records_request_idx').on(table.requestId, table.createdAt),
    index('payment_records_retain_idx').on(table.retainUntil),
    uniqueIndex('payment_records_stripe_payment_intent_idx').on(table.stripePaymentIntent),
  ],
)

/**
 * A Stripe Checkout Session opened for an instalment (card or OXXO on Stripe's hosted page):
 * the amount asked (the instalment's open balance when opened), its page, and what the webhooks
 * told us of it, read back from Stripe's API. An OXXO voucher's number, expiry and page are kept
 * to show the client until it is paid or expires.
 */
export const stripeCheckouts = pgTable(
  'stripe_checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: text('session_id').notNull(),
    instalmentId: uuid('instalment_id')
      .notNull()
      .references(() => paymentInstalments.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    url: text('url').notNull(),
    /** open → paid | failed | expired; never back (webhooks arrive in any order). */
    status: text('status').notNull().default('open'),
    paymentIntent: text('payment_intent'),
    oxxoNumber: text('oxxo_number'),
    oxxoExpiresAt: timestamp('oxxo_expires_at', { withTimezone: true }),
    oxxoVoucherUrl: text('oxxo_voucher_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check(
      'stripe_checkouts_status_check',
      sql`${table.status} in ('open','paid','failed','expired')`,
    ),
    uniqueIndex('stripe_checkouts_session_idx').on(table.sessionId),
    index('stripe_checkouts_instalment_idx').on(table.instalmentId, table.createdAt),
  ],
)

/**
 * The Stripe events already applied, by id: a row is inserted in the transaction of the event's
 * effect, so a delivery repeated (Stripe retries; anyone may replay a signed body) changes nothing.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Every move of an instalment: from, to, the centavos it received with it (from a payment, or
 * from the client's credit when `payment_id` is null), who and when.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    instalmentId: uuid('instalment_id')
      .notNull()
      .references(() => paymentInstalments.id, { onDelete: 'cascade' }),
    paymentId: bigint('payment_id', { mode: 'number' }).references(() => paymentRecords.id, {
      onDelete: 'set null',
    }),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Why the agency voided it by hand ('' for every other move). */
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('payment_events_instalment_idx').on(table.instalmentId, table.createdAt)],
)
