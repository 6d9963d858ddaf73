import { createHmac, timingSafeEqual } from 'node:crypto'
import type { ThreadSide } from '../../domain/api/api-contract'

/**
 * The `Reply-To` of every mail about a request: `reply+<token>@<INBOUND_MAIL_DOMAIN>`, one
 * address per request and side — the client's names the client's account, the agency's names
 * the agency (its mails go to AGENCY_EMAIL, which every admin reads). The token is the side, the
 * request's id and an HMAC over the side, the request and the account, so nobody can make one
 * for a request they did not get a mail about, nor turn the client's into the agency's.
 *
 * Lower-case base32 only: mail systems may change the case of a local part, and `+`, `=`, `/`
 * have meanings in addresses. 1 + 26 + 16 characters: within the 64 a local part may have.
 */

/** What a token stands for: the request, and whose side of it (the client's account, or the agency). */
export type ReplyTarget =
  | { readonly side: 'client'; readonly requestId: string; readonly accountId: string }
  | { readonly side: 'agency'; readonly requestId: string }

/** Where replies by email are received (both settings set), with the key that signs the addresses. */
export type ReplyAddresses = { readonly key: Buffer; readonly domain: string }

/** The key of the reply addresses, derived from the XSRF key (one secret to keep, a key per use). */
export function replyKeyOf(xsrfKey: Buffer): Buffer {
  return createHmac('sha256', xsrfKey).update('reply-address/v1').digest()
}

const alphabet = 'abcdefghijklmnopqrstuvwxyz234567'

function base32(bytes: Buffer): string {
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31]
  return out
}

function fromBase32(text: string, length: number): Buffer | undefined {
  let bits = 0
  let value = 0
  const out: number[] = []
  for (const char of text) {
    const digit = alphabet.indexOf(char)
    if (digit < 0) return undefined
    value = ((value << 5) | digit) & 0xffff
    bits += 5
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff)
      bits -= 8
    }
  }
  // The bits past the last byte must be zero: one token per address, never two spellings.
  if ((value & ((1 << bits) - 1)) !== 0) return undefined
  return out.length === length ? Buffer.from(out) : undefined
}

const sideLetters = { client: 'c', agency: 'a' } as const satisfies Record<ThreadSide, string>
/** 80 bits of HMAC: a guess per mail delivered, at no realistic rate, never finds one. */
const macBytes = 10

function macOf(key: Buffer, target: ReplyTarget): Buffer {
  const account = target.side === 'client' ? target.accountId : 'agency'
  return createHmac('sha256', key)
    .update(`${target.side}\n${target.requestId}\n${account}`)
    .digest()
    .subarray(0, macBytes)
}

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex')
const uuidOf = (bytes: Buffer) =>
  bytes.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5')

export function replyToken(key: Buffer, target: ReplyTarget): string {
  return `${sideLetters[target.side]}${base32(uuidBytes(target.requestId))}${base32(macOf(key, target))}`
}

export function replyAddress(addresses: ReplyAddresses, target: ReplyTarget): string {
  return `reply+${replyToken(addresses.key, target)}@${addresses.domain}`
}

/** What an address claims before its signature is checked: a side and a request id. */
export type ClaimedReply = {
  readonly side: ThreadSide
  readonly requestId: string
  readonly mac: Buffer
}

/**
 * Reads `reply+<token>@<domain>` (any case); undefined for any other address. The signature is
 * checked by `signedFor` once the request's client is known.
 */
export function readReplyAddress(domain: string, address: string): ClaimedReply | undefined {
  const match = /^reply\+([a-z2-7]{43})@(.+)$/.exec(address.trim().toLowerCase())
  if (!match?.[1] || match[2] !== domain.toLowerCase()) return undefined
  const token = match[1]
  const side = token[0] === 'c' ? 'client' : token[0] === 'a' ? 'agency' : undefined
  const request = fromBase32(token.slice(1, 27), 16)
  const mac = fromBase32(token.slice(27), macBytes)
  if (!side || !request || !mac) return undefined
  return { side, requestId: uuidOf(request), mac }
}

/** Whether the claimed address was made for `target` with `key`. */
export function signedFor(key: Buffer, claimed: ClaimedReply, target: ReplyTarget): boolean {
  return claimed.side === target.side && timingSafeEqual(claimed.mac, macOf(key, target))
}
