// Draws the 1200×630 share image (Open Graph / Twitter) into public/og/puente-digital.png.
// Run it after changing the design: `node scripts/make-share-image.mjs`. The PNG is committed,
// so builds do not depend on the fonts of the machine that builds.
import { mkdir } from 'node:fs/promises'
import sharp from 'sharp'

const width = 1200
const height = 630
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#2456a6"/>
      <stop offset="1" stop-color="#102a55"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>
  <g opacity="0.08" fill="none" stroke="#ffffff" stroke-width="2">
    <circle cx="1040" cy="110" r="190"/>
    <circle cx="1040" cy="110" r="260"/>
    <circle cx="1040" cy="110" r="330"/>
  </g>
  <g transform="translate(96 150) scale(4.4)">
    <rect width="64" height="64" rx="14" fill="#ffffff" fill-opacity="0.12"/>
    <path d="M10 42c8-16 36-16 44 0" fill="none" stroke="#ffffff" stroke-width="6" stroke-linecap="round"/>
    <path d="M18 42v8M32 34v16M46 42v8" stroke="#ffffff" stroke-width="5" stroke-linecap="round"/>
  </g>
  <g font-family="Liberation Sans, DejaVu Sans, Arial, sans-serif" fill="#ffffff">
    <text x="436" y="262" font-size="92" font-weight="700">Puente Digital</text>
    <text x="440" y="340" font-size="40" fill-opacity="0.92">Web design and development</text>
    <text x="440" y="396" font-size="40" fill-opacity="0.92">Diseño y desarrollo web</text>
  </g>
  <rect x="96" y="500" width="1008" height="2" fill="#ffffff" fill-opacity="0.25"/>
  <text x="96" y="556" font-family="Liberation Sans, DejaVu Sans, Arial, sans-serif" font-size="30" fill="#dbe6f7" letter-spacing="2">ENGLISH · ESPAÑOL</text>
  <text x="1104" y="556" text-anchor="end" font-family="Liberation Sans, DejaVu Sans, Arial, sans-serif" font-size="30" fill="#dbe6f7">UX · SEO · Cloud · Apps</text>
</svg>`

await mkdir('public/og', { recursive: true })
const info = await sharp(Buffer.from(svg))
  .png({ compressionLevel: 9, palette: true, quality: 92, effort: 10 })
  .toFile('public/og/puente-digital.png')
console.log(`public/og/puente-digital.png: ${info.width}×${info.height}, ${info.size} bytes`)
