import { describe, expect, it } from 'vitest'
import { cleanFileName, storedFileName } from '../../domain/requests/file-names'
import { acceptedSamples, refusedSamples, sampleDocx, zipOf } from '../test/sample-files'
import { createSniffer } from './sniff'

/** Sniffs `bytes` pushed in pieces of `piece` bytes (as a socket delivers them). */
async function sniff(name: string, bytes: Buffer, piece = bytes.length || 1) {
  const sniffer = createSniffer(name)
  let refusedEarly = false
  for (let offset = 0; offset < bytes.length; offset += piece)
    if (!sniffer.push(bytes.subarray(offset, offset + piece))) refusedEarly = true
  const type = await sniffer.finish(async (offset, length) =>
    bytes.subarray(offset, offset + length),
  )
  return { type, refusedEarly }
}

describe('recognising a file by its content', () => {
  it.each(acceptedSamples())('recognises $name as $type, whole or byte by byte', async (sample) => {
    expect((await sniff(sample.name, sample.bytes)).type).toBe(sample.type)
    expect((await sniff(sample.name, sample.bytes, 1)).type).toBe(sample.type)
    expect((await sniff(sample.name, sample.bytes, 7)).type).toBe(sample.type)
  })

  it.each(refusedSamples())('refuses $what named $name', async (sample) => {
    expect((await sniff(sample.name, sample.bytes)).type).toBeUndefined()
    expect((await sniff(sample.name, sample.bytes, 3)).type).toBeUndefined()
  })

  it('refuses a program as soon as its first bytes arrive, before the rest is read', async () => {
    const sniffer = createSniffer('factura.pdf')
    const program = Buffer.concat([Buffer.from('MZ\x90\0\x03\0\0\0', 'latin1'), Buffer.alloc(64)])
    expect(sniffer.push(program)).toBe(false)
  })

  it('takes the name only to tell CSV from plain text: the content decides the rest', async () => {
    const table = Buffer.from('a,b\n1,2\n')
    expect((await sniff('tabla.CSV', table)).type).toBe('text/csv')
    expect((await sniff('tabla.pdf', table)).type).toBe('text/plain')
    expect((await sniff('brief.pdf', sampleDocx())).type).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    )
  })

  it('gives text named as a script or a page the name of what it is: .txt', async () => {
    const script = Buffer.from('@echo off\nstart calc\n')
    for (const name of [
      'run.bat',
      'app.js',
      'update.hta',
      'index.html',
      'logo.svg',
      'Factura_2026\u202Efdp.bat',
    ]) {
      const clean = cleanFileName(name)
      const { type } = await sniff(clean, script)
      expect(type, name).toBe('text/plain')
      expect(type && storedFileName(clean, type), name).toMatch(/^[^.\u202e]+\.txt$/)
    }
    // Every accepted sample keeps the name it came with: it already says what it is.
    for (const sample of acceptedSamples()) {
      const { type } = await sniff(sample.name, sample.bytes)
      expect(type && storedFileName(cleanFileName(sample.name), type)).toBe(sample.name)
    }
  })

  it('reads a central directory that begins before the kept tail back from storage', async () => {
    // A document whose parts are bigger than the 64 KiB tail: the directory's start lies
    // outside it, and the sniffer asks storage for it.
    const big = Buffer.alloc(200 * 1024, 0x41)
    const parts: Record<string, string | Buffer> = { '[Content_Types].xml': '<Types/>' }
    for (let i = 0; i < 2000; i += 1) parts[`xl/worksheets/sheet${i}.xml`] = i === 0 ? big : ''
    const bytes = zipOf(parts)
    const sniffer = createSniffer('cifras.xlsx')
    const asked: number[] = []
    for (let offset = 0; offset < bytes.length; offset += 65_536)
      sniffer.push(bytes.subarray(offset, offset + 65_536))
    const type = await sniffer.finish(async (offset, length) => {
      asked.push(offset)
      return bytes.subarray(offset, offset + length)
    })
    expect(type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    expect(asked).toHaveLength(1)
  })
})
