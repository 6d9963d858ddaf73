import { fileURLToPath } from 'node:url'
import PDFDocument from 'pdfkit'
import { agency } from '../../src/domain/agency'
import type { Locale } from '../../src/domain/locales'
import { formatMoney, lineTotal } from '../../src/domain/money'
import type { ProposalState } from '../../src/domain/requests/proposal-state'
import { translator } from '../i18n/server-i18n'
import type { ProposalContent } from './proposal-content'
import { proposalPdfMessages as m, proposalStateMessages } from './proposal-messages'

// DejaVu Sans, committed beside this file (fonts/LICENSE-DejaVu.txt): embedded (as a subset) in
// every PDF, so "Año", "Diseño", "¿", "ü" and "–" show the same in any reader, whatever fonts
// the reader's system has. Read beside this file from the sources, and beside the bundle
// (dist/server/fonts, which scripts/build.mjs copies) from the build.
const regularFont = fileURLToPath(new URL('./fonts/DejaVuSans.ttf', import.meta.url))
const boldFont = fileURLToPath(new URL('./fonts/DejaVuSans-Bold.ttf', import.meta.url))

/** What the PDF shows besides the proposal's content. */
export type ProposalPdfFacts = {
  readonly content: ProposalContent
  readonly state: ProposalState
  readonly serviceName: string
  readonly clientName: string
  readonly clientEmail: string
  readonly sentAt: Date | null
  readonly acceptance: {
    readonly fullName: string
    readonly acceptedAt: Date
    readonly ipAddress: string
    readonly contentSha256: string
  } | null
}

const day = (date: Date) => date.toISOString().slice(0, 10)
const minute = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`

/** The proposal as a PDF in `locale`: one A4 document, fonts embedded. */
export function renderProposalPdf(facts: ProposalPdfFacts, locale: Locale): Promise<Buffer> {
  const t = translator(locale)
  const { content } = facts
  const money = (centavos: number) => formatMoney(centavos, locale)
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    font: regularFont,
    lang: locale === 'es' ? 'es-MX' : 'en',
    info: {
      Title: `${t(m.heading)} ${content.version} – ${content.title}`,
      Author: agency.name,
    },
  })
  doc.registerFont('regular', regularFont)
  doc.registerFont('bold', boldFont)
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })

  const left = doc.page.margins.left
  const width = doc.page.width - left - doc.page.margins.right
  const heading = (text: string) => {
    doc.moveDown(0.8).font('bold').fontSize(12).text(text, left).moveDown(0.3)
    doc.font('regular').fontSize(10)
  }
  const row = (label: string, value: string) => {
    doc.font('bold').fontSize(10).text(`${label}: `, left, undefined, { continued: true })
    doc.font('regular').text(value)
  }

  doc.font('bold').fontSize(18).text(agency.name, left)
  doc.font('regular').fontSize(9).text(`${agency.email} · ${agency.phone.shown}`)
  doc.moveDown(1)
  doc
    .font('bold')
    .fontSize(16)
    .text(`${t(m.heading)}: ${content.title}`)
  doc.moveDown(0.5).font('regular').fontSize(10)
  row(t(m.version), String(content.version))
  row(t(m.state), t(proposalStateMessages[facts.state]))
  row(t(m.request), facts.serviceName)
  row(t(m.client), `${facts.clientName} <${facts.clientEmail}>`)
  if (facts.sentAt) row(t(m.date), day(facts.sentAt))
  row(t(m.validUntil), content.validUntil)

  // The items: description, quantity, unit price, amount.
  const columns = [
    { x: left, width: width * 0.46, align: 'left' as const },
    { x: left + width * 0.46, width: width * 0.1, align: 'right' as const },
    { x: left + width * 0.56, width: width * 0.22, align: 'right' as const },
    { x: left + width * 0.78, width: width * 0.22, align: 'right' as const },
  ]
  const tableRow = (cells: readonly string[], font: 'regular' | 'bold') => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 40) doc.addPage()
    const top = doc.y
    let bottom = top
    doc.font(font).fontSize(10)
    cells.forEach((cell, index) => {
      const column = columns[index]
      if (!column) return
      doc.text(cell, column.x, top, { width: column.width - 6, align: column.align })
      bottom = Math.max(bottom, doc.y)
    })
    doc.x = left
    doc.y = bottom + 4
  }
  doc.moveDown(1)
  tableRow([t(m.description), t(m.quantity), t(m.unitPrice), t(m.amount)], 'bold')
  doc
    .moveTo(left, doc.y - 2)
    .lineTo(left + width, doc.y - 2)
    .strokeColor('#999999')
    .stroke()
  for (const item of content.items) {
    tableRow(
      [item.description, String(item.quantity), money(item.unitPrice), money(lineTotal(item))],
      'regular',
    )
  }
  doc.moveDown(0.5)
  const total = (label: string, value: string, font: 'regular' | 'bold' = 'regular') => {
    const top = doc.y
    doc.font(font).fontSize(font === 'bold' ? 12 : 10)
    doc.text(label, left + width * 0.4, top, { width: width * 0.38 - 6, align: 'right' })
    doc.text(value, left + width * 0.78, top, { width: width * 0.22 - 6, align: 'right' })
    doc.x = left
  }
  total(t(m.subtotal), money(content.subtotal))
  if (content.discount > 0) total(t(m.discount), money(-content.discount))
  total(`${t(m.iva)} ${content.ivaPercent} %`, money(content.iva))
  total(t(m.total), money(content.total), 'bold')
  doc.moveDown(0.5).font('regular').fontSize(9).text(t(m.currencyNote), left)

  if (content.scope !== '') {
    heading(t(m.scope))
    doc.text(content.scope, left, undefined, { width })
  }
  if (content.terms !== '') {
    heading(t(m.terms))
    doc.text(content.terms, left, undefined, { width })
  }
  if (facts.acceptance) {
    heading(t(m.acceptance))
    row(t(m.acceptedBy), facts.acceptance.fullName)
    row(t(m.acceptedAt), minute(facts.acceptance.acceptedAt))
    row(t(m.address), facts.acceptance.ipAddress)
    row(t(m.contentHash), facts.acceptance.contentSha256)
  }
  doc.end()
  return done
}
