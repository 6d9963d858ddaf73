// subset-font ships no types: what scripts/subset-typeface.ts uses of it.
declare module 'subset-font' {
  type Options = {
    targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype'
    /** An axis pinned to a value, or narrowed to a range (HarfBuzz's instancer). */
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>
    preserveNameIds?: number[]
    noLayoutClosure?: boolean
  }
  export default function subsetFont(font: Buffer, text: string, options?: Options): Promise<Buffer>
}
