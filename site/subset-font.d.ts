// subset-font ships no types; this is the part of its API the build uses.
declare module 'subset-font' {
  export default function subsetFont(
    font: Uint8Array,
    text: string,
    options?: {
      targetFormat?: 'woff2' | 'woff' | 'sfnt' | 'truetype'
      variationAxes?: Record<string, number | { min: number; max: number; default?: number }>
    },
  ): Promise<Buffer>
}
