import { fileURLToPath } from 'node:url'
import PDFDocument from 'pdfkit'
import { agency } from '../../domain/agency'
import type { Locale } from '../../domain/locales'
import { formatMoney, lineTotal } from '../../domain/money'
import { type InstalmentDue, instalmentAmounts } from '../../domain/payments/payment-schedule'
import type { ProposalState } from '../../domain/requests/proposal-state'
import { readerDate, readerDay, readerMoment } from '../i18n/reader-dates'
import { translator } from '../i18n/server-i18n'
import type { ProposalContent } from './proposal-content'
import { dueOnDay, proposalPdfMessages as m, proposalStateMessages } from './proposal-messages'

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

/** The site's accent: the title and the rules. */
const accent = '#1f4f99'
/** Between two columns: the gap on the left of each number column (the last ends at the margin). */
const gap = 8

/**
 * The proposal as a PDF in `locale`: one A4 document, fonts embedded; dates in the reader's
 * language, moments on the agency's clock (`timeZone`).
 */
export function renderProposalPdf(
  facts: ProposalPdfFacts,
  locale: Locale,
  timeZone: string,
): Promise<Buffer> {
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

  const rule = (from: number, to: number, y: number) => {
    doc.moveTo(from, y).lineTo(to, y).lineWidth(0.75).strokeColor(accent).stroke()
  }

  doc.font('bold').fontSize(18).fillColor(accent).text(agency.name, left)
  doc.fillColor('black').font('regular').fontSize(9).text(`${agency.email} · ${agency.phone.shown}`)
  doc.moveDown(1)
  doc
    .font('bold')
    .fontSize(16)
    .fillColor(accent)
    .text(`${t(m.heading)}: ${content.title}`)
  doc.fillColor('black').moveDown(0.5).font('regular').fontSize(10)
  row(t(m.version), String(content.version))
  row(t(m.state), t(proposalStateMessages[facts.state]))
  row(t(m.request), facts.serviceName)
  // The name after the label, the address on its own line under it (no "<…>").
  const clientLabel = `${t(m.client)}: `
  const clientIndent = doc.font('bold').fontSize(10).widthOfString(clientLabel)
  row(t(m.client), facts.clientName)
  doc.font('regular').text(facts.clientEmail, left + clientIndent)
  doc.x = left
  if (facts.sentAt) row(t(m.date), readerDate(facts.sentAt, locale, timeZone))
  row(t(m.validUntil), readerDay(content.validUntil, locale))

  // The items: description, quantity, unit price, amount. The amount column is wide enough for
  // a line in the hundreds of millions of pesos; a number never wraps (it would read as two).
  const columns = [
    { x: left, width: width * 0.4, align: 'left' as const },
    { x: left + width * 0.4, width: width * 0.1, align: 'right' as const },
    { x: left + width * 0.5, width: width * 0.23, align: 'right' as const },
    { x: left + width * 0.73, width: width * 0.27, align: 'right' as const },
  ]
  const tableRow = (cells: readonly string[], font: 'regular' | 'bold') => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 40) doc.addPage()
    const top = doc.y
    let bottom = top
    doc.font(font).fontSize(10)
    cells.forEach((cell, index) => {
      const column = columns[index]
      if (!column) return
      if (column.align === 'left') {
        doc.text(cell, column.x, top, { width: column.width - gap })
      } else {
        // Right-aligned on one line, ending at the column's right edge (the last at the margin).
        const cellWidth = doc.widthOfString(cell)
        doc.text(cell, column.x + column.width - cellWidth, top, { lineBreak: false })
        doc.y = top + doc.currentLineHeight(true)
      }
      bottom = Math.max(bottom, doc.y)
    })
    doc.x = left
    doc.y = bottom + 4
  }
  doc.moveDown(1)
  tableRow([t(m.description), t(m.quantity), t(m.unitPrice), t(m.amount)], 'bold')
  rule(left, left + width, doc.y - 2)
  for (const item of content.items) {
    tableRow(
      [item.description, String(item.quantity), money(item.unitPrice), money(lineTotal(item))],
      'regular',
    )
  }
  doc.moveDown(0.5)
  // Each total: its label right-aligned before the value, the value right-aligned at the margin
  // on one line (a total in the billions of pesos still fits the box on its left).
  const valueBox = width * 0.27
  const total = (label: string, value: string, font: 'regular' | 'bold' = 'regular') => {
    const top = doc.y
    doc.font(font).fontSize(font === 'bold' ? 12 : 10)
    const valueWidth = doc.widthOfString(value)
    const labelRight = left + width - Math.max(valueBox, valueWidth + gap)
    doc.text(label, left, top, { width: labelRight - left - gap, align: 'right' })
    doc.text(value, left + width - valueWidth, top, { lineBreak: false })
    doc.x = left
    doc.y = top + doc.currentLineHeight(true) + 2
  }
  total(t(m.subtotal), money(content.subtotal))
  if (content.discount > 0) total(t(m.discount), `\u2212${money(content.discount)}`)
  total(`${t(m.iva)} (${content.ivaPercent}\u00a0%)`, money(content.iva))
  doc.y += 3
  rule(left + width - valueBox - width * 0.2, left + width, doc.y - 2)
  doc.y += 2
  total(t(m.total), money(content.total), 'bold')
  doc.moveDown(0.5).font('regular').fontSize(9).text(t(m.currencyNote), left)

  // The plan the client accepts with the rest: each instalment's share, centavos and moment.
  if (content.paymentSchedule) {
    const schedule = content.paymentSchedule
    const amounts = instalmentAmounts(schedule, content.total)
    const when = (due: InstalmentDue) =>
      due.on === 'acceptance'
        ? t(m.dueOnAcceptance)
        : due.on === 'status'
          ? t(m.dueOnDelivery)
          : t(dueOnDay(readerDay(due.date, locale)))
    heading(t(m.paymentPlan))
    schedule.instalments.forEach((instalment, index) => {
      const share = 'percent' in instalment ? ` (${instalment.percent}\u00a0%)` : ''
      const amount = money(amounts[index] ?? 0)
      doc.text(`${index + 1}. ${amount}${share}, ${when(instalment.due)}`, left, undefined, {
        width,
      })
    })
  }

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
    row(t(m.acceptedAt), readerMoment(facts.acceptance.acceptedAt, locale, timeZone))
    row(t(m.address), facts.acceptance.ipAddress)
    row(t(m.contentHash), facts.acceptance.contentSha256)
  }
  doc.end()
  return done
}
