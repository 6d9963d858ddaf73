import { describe, expect, it } from 'vitest'
import { pdfLines } from '../test/pdf-text'
import { type ProposalPdfFacts, renderProposalPdf } from './proposal-pdf'

const facts: ProposalPdfFacts = {
  content: {
    id: 'proposal-1',
    requestId: 'request-1',
    version: 1,
    title: 'Online shop for the bakery',
    items: [
      { description: 'Design and build', quantity: 1, unitPrice: 99_999_999 },
      { description: 'Maintenance', quantity: 999, unitPrice: 99_999_999 },
    ],
    subtotal: 99_999_999_001,
    discount: 150_000,
    ivaPercent: 16,
    iva: 15_999_975_840,
    total: 115_999_824_841,
    validUntil: '2026-12-26',
    scope: '',
    terms: '',
    paymentSchedule: null,
  },
  state: 'accepted',
  serviceName: 'Web design',
  clientName: 'Ana García',
  clientEmail: 'ana@example.com',
  sentAt: new Date('2026-11-26T09:20:00Z'),
  acceptance: {
    fullName: 'Ana García',
    acceptedAt: new Date('2026-11-26T09:20:00Z'),
    ipAddress: '203.0.113.7',
    contentSha256: 'a'.repeat(64),
  },
}

describe('the proposal PDF', () => {
  it('keeps every amount on one line, however large', async () => {
    const lines = await pdfLines(await renderProposalPdf(facts, 'en', 'America/Mexico_City'))
    const onOneLine = (text: string) => lines.some((line) => line.includes(text))
    expect(onOneLine('Maintenance 999 MX$999,999.99 MX$998,999,990.01')).toBe(true)
    expect(onOneLine('Subtotal MX$999,999,990.01')).toBe(true)
    expect(onOneLine('Discount −MX$1,500.00')).toBe(true)
    expect(onOneLine('IVA (16 %) MX$159,999,758.40')).toBe(true)
    expect(onOneLine('Total MX$1,159,998,248.41')).toBe(true)
  })

  it('writes dates in the reader’s language and the acceptance on the agency’s clock', async () => {
    const english = await pdfLines(await renderProposalPdf(facts, 'en', 'America/Mexico_City'))
    expect(english).toContain('Valid until: December 26, 2026')
    expect(english).toContain('Accepted on: November 26, 2026 at 3:20 AM CST')
    // The client as a name, the address on the next line (no angle brackets).
    expect(english).toContain('Prepared for: Ana García')
    expect(english).toContain('ana@example.com')
    const spanish = await pdfLines(await renderProposalPdf(facts, 'es', 'America/Mexico_City'))
    expect(spanish.some((line) => line.endsWith('26 de diciembre de 2026'))).toBe(true)
  })

  it('lists the payment plan the client accepts, each instalment in centavos that add up', async () => {
    const planned: ProposalPdfFacts = {
      ...facts,
      content: {
        ...facts.content,
        total: 1_334_115,
        paymentSchedule: {
          by: 'percent',
          instalments: [
            { percent: 30, due: { on: 'acceptance' } },
            { percent: 30, due: { on: 'date', date: '2027-01-15' } },
            { percent: 40, due: { on: 'status', status: 'delivered' } },
          ],
        },
      },
    }
    const english = await pdfLines(await renderProposalPdf(planned, 'en', 'America/Mexico_City'))
    expect(english).toContain('Payment plan')
    // 30 % of 13,341.15 is 4,002.345: down to 4,002.34 twice, the last 5,336.47.
    expect(english).toContain('1. MX$4,002.34 (30 %), due on acceptance')
    expect(english).toContain('2. MX$4,002.34 (30 %), due on January 15, 2027')
    expect(english).toContain('3. MX$5,336.47 (40 %), due on delivery')
    const spanish = await pdfLines(await renderProposalPdf(planned, 'es', 'America/Mexico_City'))
    expect(spanish).toContain('1. $4,002.34 (30 %), al aceptar')
    expect(spanish).toContain('3. $5,336.47 (40 %), a la entrega')
  })
})
