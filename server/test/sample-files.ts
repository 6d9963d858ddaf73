import { crc32, deflateSync } from 'node:zlib'

/**
 * Small real files of every type a conversation accepts, and of types it refuses, built here so
 * the tests need no binary fixtures: each opens in the program its type names (the PNG, JPEG and
 * WebP are 1×1 pictures; the Office documents are ZIP packages with their content types).
 */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A 1×1 opaque blue PNG. */
export function samplePng(): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(1, 0)
  header.writeUInt32BE(1, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB
  const row = Buffer.from([0, 0x1e, 0x4f, 0xd8])
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(row)),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/** A 1×1 baseline JPEG (JFIF). */
export function sampleJpeg(): Buffer {
  return Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  )
}

/** A 1×1 lossless WebP. */
export function sampleWebp(): Buffer {
  return Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64')
}

/** A one-page PDF that says "Hola". */
export function samplePdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length 36 >>\nstream\nBT /F1 18 Tf 20 40 Td (Hola) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let pdf = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'))
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = Buffer.byteLength(pdf, 'latin1')
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(pdf, 'latin1')
}

/** A ZIP archive of `entries`, stored (no compression), with its central directory. */
export function zipOf(entries: Record<string, string | Buffer>): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const [name, content] of Object.entries(entries)) {
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content
    const fileName = Buffer.from(name, 'utf8')
    const crc = crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(fileName.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(data.length, 24)
    central.writeUInt16LE(fileName.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, fileName, data)
    centrals.push(central, fileName)
    offset += local.length + fileName.length + data.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  const count = Object.keys(entries).length
  end.writeUInt16LE(count, 8)
  end.writeUInt16LE(count, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

const relsPart = (target: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="${target}"/></Relationships>`

const contentTypes = (part: string, type: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/${part}" ContentType="${type}"/></Types>`

export function sampleDocx(): Buffer {
  return zipOf({
    '[Content_Types].xml': contentTypes(
      'word/document.xml',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
    ),
    '_rels/.rels': relsPart('word/document.xml'),
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Hola</w:t></w:r></w:p></w:body></w:document>`,
  })
}

export function sampleXlsx(): Buffer {
  return zipOf({
    '[Content_Types].xml': contentTypes(
      'xl/workbook.xml',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
    ),
    '_rels/.rels': relsPart('xl/workbook.xml'),
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets/></workbook>`,
  })
}

export function samplePptx(): Buffer {
  return zipOf({
    '[Content_Types].xml': contentTypes(
      'ppt/presentation.xml',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml',
    ),
    '_rels/.rels': relsPart('ppt/presentation.xml'),
    'ppt/presentation.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"/>`,
  })
}

/** What a conversation accepts: file name, bytes and the type the server must recognise. */
export function acceptedSamples() {
  return [
    { name: 'Propuesta firmada.pdf', bytes: samplePdf(), type: 'application/pdf' },
    { name: 'logo.png', bytes: samplePng(), type: 'image/png' },
    { name: 'foto.jpg', bytes: sampleJpeg(), type: 'image/jpeg' },
    { name: 'banner.webp', bytes: sampleWebp(), type: 'image/webp' },
    {
      name: 'notas de la reunión.txt',
      bytes: Buffer.from('Reunión del martes:\n– colores: azul y ámbar\n– entrega en marzo\n'),
      type: 'text/plain',
    },
    {
      name: 'presupuesto.csv',
      bytes: Buffer.from('concepto,monto\nDiseño,12000\nHosting,1500\n'),
      type: 'text/csv',
    },
    {
      name: 'brief.docx',
      bytes: sampleDocx(),
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    },
    {
      name: 'cifras.xlsx',
      bytes: sampleXlsx(),
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    },
    {
      name: 'presentación.pptx',
      bytes: samplePptx(),
      type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    },
  ] as const
}

/** A Windows program's first bytes (the DOS header and stub), as any .exe starts. */
export function sampleExe(): Buffer {
  const exe = Buffer.alloc(512)
  exe.write('MZ', 0, 'latin1')
  exe.writeUInt32LE(0x80, 0x3c)
  exe.write('This program cannot be run in DOS mode.', 0x4e, 'latin1')
  exe.write('PE\0\0', 0x80, 'latin1')
  return exe
}

/** What a conversation refuses, each under a name that claims an accepted type. */
export function refusedSamples() {
  return [
    { what: 'a program renamed .pdf', name: 'factura.pdf', bytes: sampleExe() },
    {
      what: 'an SVG picture',
      name: 'logo.png',
      bytes: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="4"/></svg>',
      ),
    },
    {
      what: 'an SVG with an XML declaration',
      name: 'logo.txt',
      bytes: Buffer.from(
        '\uFEFF  <?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>',
      ),
    },
    {
      what: 'an HTML page',
      name: 'notas.txt',
      bytes: Buffer.from('\n<!doctype html><script>alert(document.cookie)</script>'),
    },
    { what: 'a plain ZIP archive', name: 'brief.docx', bytes: zipOf({ 'readme.txt': 'hola' }) },
    {
      what: 'a ZIP with a document folder but no content types',
      name: 'brief.docx',
      bytes: zipOf({ 'word/document.xml': '<w:document/>' }),
    },
    { what: 'text with a NUL byte', name: 'notas.txt', bytes: Buffer.from('hola\0mundo') },
    {
      what: 'text that is not UTF-8',
      name: 'notas.txt',
      bytes: Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x6f, 0x6c, 0xe9]),
    },
    {
      what: 'a GIF picture',
      name: 'logo.png',
      bytes: Buffer.from('GIF89a\x01\0\x01\0\0\0\0;', 'latin1'),
    },
    { what: 'an empty file', name: 'vacío.pdf', bytes: Buffer.alloc(0) },
  ] as const
}
