import { randomBytes, randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  type ReplyTarget,
  readReplyAddress,
  replyAddress,
  replyKeyOf,
  signedFor,
} from './reply-address'

const addresses = { key: replyKeyOf(randomBytes(32)), domain: 'reply.agency.example' }
const requestId = randomUUID()
const accountId = randomUUID()
const client: ReplyTarget = { side: 'client', requestId, accountId }
const agency: ReplyTarget = { side: 'agency', requestId }

describe('reply addresses', () => {
  it('reads back the request and side it was made for, in any case, within a local part’s 64 characters', () => {
    const address = replyAddress(addresses, client)
    expect(address).toMatch(/^reply\+c[a-z2-7]{42}@reply\.agency\.example$/)
    expect(address.split('@')[0]?.length).toBeLessThanOrEqual(64)
    for (const written of [address, address.toUpperCase(), ` ${address} `]) {
      const claimed = readReplyAddress(addresses.domain, written)
      expect(claimed).toMatchObject({ side: 'client', requestId })
      if (claimed) expect(signedFor(addresses.key, claimed, client)).toBe(true)
    }
  })

  it('gives each request, side and account its own address, signed for it alone', () => {
    const mine = readReplyAddress(addresses.domain, replyAddress(addresses, client))
    if (!mine) throw new Error('unreadable')
    expect(replyAddress(addresses, agency)).not.toBe(replyAddress(addresses, client))
    expect(signedFor(addresses.key, mine, { ...client, accountId: randomUUID() })).toBe(false)
    expect(signedFor(addresses.key, mine, agency)).toBe(false)
    expect(signedFor(replyKeyOf(randomBytes(32)), mine, client)).toBe(false)
  })

  it('reads nothing from another domain, another mailbox, a wrong length or a second spelling', () => {
    const address = replyAddress(addresses, agency)
    const [local = ''] = address.split('@')
    expect(readReplyAddress('other.example', address)).toBeUndefined()
    expect(readReplyAddress(addresses.domain, `hola@${addresses.domain}`)).toBeUndefined()
    expect(readReplyAddress(addresses.domain, `${local}a@${addresses.domain}`)).toBeUndefined()
    expect(
      readReplyAddress(addresses.domain, `reply+x${local.slice(7)}@${addresses.domain}`),
    ).toBeUndefined()
    // The request's 26th character carries 2 unused bits: only the spelling with them zero reads.
    const last = local[6 + 26] ?? ''
    const alphabet = 'abcdefghijklmnopqrstuvwxyz234567'
    const twin = alphabet[alphabet.indexOf(last) ^ 1] ?? ''
    const respelt = `${local.slice(0, 6 + 26)}${twin}${local.slice(6 + 27)}@${addresses.domain}`
    expect(readReplyAddress(addresses.domain, respelt)).toBeUndefined()
  })
})
