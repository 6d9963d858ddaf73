import { describe, expect, it } from 'vitest'
import { replies } from '../test/reply-samples'
import { stripReply } from './strip-reply'

describe('stripReply', () => {
  it('keeps what was written above a Gmail quote, wrapped attribution too', () => {
    expect(stripReply(replies.gmail)).toBe('Thanks, the Tuesday slot works for us.')
    expect(stripReply(replies.gmailWrapped)).toBe('Sounds good.')
  })

  it('cuts a Spanish Gmail quote ("El … escribió:")', () => {
    expect(stripReply(replies.gmailSpanish)).toBe('Perfecto, enviamos el logotipo mañana.')
  })

  it('cuts Outlook’s original message, its header block and its Spanish header block', () => {
    expect(stripReply(replies.outlook)).toBe('Please find the brief attached.\n\nRegards,\nAna')
    expect(stripReply(replies.outlookHeaderBlock)).toBe('Yes, go ahead.')
    expect(stripReply(replies.outlookHeaderSpanish)).toBe('De acuerdo.')
  })

  it('cuts Apple Mail’s quote and a phone’s "Sent from my iPhone"', () => {
    expect(stripReply(replies.appleMail)).toBe('Can we move the call to Thursday?')
    expect(stripReply(replies.appleMailDesktop)).toBe('Can we move the call to Thursday?')
  })

  it('drops lines quoted with ">" and keeps the answers between them', () => {
    expect(stripReply(replies.interleaved)).toBe('Blue and white.\nEnd of April.')
  })

  it('cuts a signature after "-- "', () => {
    expect(stripReply(replies.signature)).toBe('See you then.')
  })

  it('keeps a message that merely mentions writing, and one that starts with "On" or "El"', () => {
    const text = 'On Friday we wrote the copy.\nEl logotipo va arriba.\nFrom: the team'
    expect(stripReply(text)).toBe(text)
  })
})
