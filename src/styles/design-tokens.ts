import { rangesWithout } from './unicode-ranges.ts'

/**
 * Design tokens shared by the widget and the site. Each is also a CSS custom property,
 * `--demo-request-<kebab-name>`, so a host page can theme the widget without reaching into it.
 */
export const tokens = {
  colorPrimary: '#1b2a4a',
  colorPrimaryHover: '#2a3f6b',
  colorOnPrimary: '#ffffff',
  colorAccent: '#8a6a2f',
  colorText: '#111827',
  colorMuted: '#4b5563',
  colorBorder: '#9ca3af',
  colorBackground: '#ffffff',
  colorSurface: '#f5f6f8',
  colorDanger: '#b42318',
  colorOnDanger: '#ffffff',
  colorSuccess: '#166534',
  colorFocus: '#2563eb',
  // The brand faces (brandFonts) where the page loads them, the metric-matched local fallbacks
  // (fallbackFonts) where it declares them, else the system's own: every browser the form
  // supports knows system-ui, so the older names for it (-apple-system, 'Segoe UI') are gone.
  font: "'Inter Variable', 'Inter Fallback', system-ui, sans-serif",
  fontHeading: "'Source Serif 4', 'Source Serif Fallback', Georgia, 'Times New Roman', serif",
  radius: '8px',
  // The form's text size, from which every length in it is measured (in em): the visitor's own
  // browser setting, never the host page's root, so a partner's `html { font-size: 62.5% }`
  // cannot shrink it. A partner may set a keyword (`large`) or a length (`18px`).
  fontSize: 'medium',
} as const

export type Token = keyof typeof tokens

/** The custom property that overrides a token, e.g. `--demo-request-color-primary`. */
export function tokenProperty(token: Token): string {
  return `--demo-request-${token.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`
}

/** A CSS value reading the token's custom property, falling back to its default. */
export function cssVar(token: Token): string {
  return `var(${tokenProperty(token)}, ${tokens[token]})`
}

/** Every token as custom property declarations, for a `:root` rule. */
export function tokenDeclarations(): string {
  return (Object.keys(tokens) as Token[])
    .map((token) => `${tokenProperty(token)}: ${tokens[token]};`)
    .join('\n')
}

/**
 * The site's brand typefaces, self-hosted from npm (woff2): Inter as a variable font for text,
 * cut at build time to the weights the site uses (400 to 600), and Source Serif 4 at weight 600,
 * the only one headings use. The widget never loads them; a page that does gets them through the
 * `font` and `fontHeading` tokens.
 */
export const brandFonts = [
  {
    family: 'Inter Variable',
    file: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    weight: '400 600',
    axes: { wght: { min: 400, max: 600 } },
  },
  {
    family: 'Source Serif 4',
    file: '@fontsource/source-serif-4/files/source-serif-4-latin-600-normal.woff2',
    weight: '600',
    axes: undefined,
  },
] as const

export type BrandFont = (typeof brandFonts)[number]

/**
 * Each brand face comes as two files, told apart by `unicode-range`. `core` holds what English
 * copy shows (ASCII and its common punctuation) and is preloaded: at ~36 kB for both faces it is
 * what stands between a phone and its first paint. `latin` holds the rest of the npm file's Latin
 * set (accents, symbols), which a browser fetches only for a page or a typed name that uses one.
 */
const coreRange = [
  'U+0020-007E',
  'U+00A0',
  'U+00A9',
  'U+00AE',
  'U+00B0',
  'U+00B7',
  'U+2013-2014',
  'U+2018-201A',
  'U+201C-201E',
  'U+2022',
  'U+2026',
  'U+2039-203A',
  'U+20AC',
  'U+2122',
]
// The Latin set the npm files hold, as @fontsource publishes it.
const npmLatinRange = [
  'U+0000-00FF',
  'U+0131',
  'U+0152-0153',
  'U+02BB-02BC',
  'U+02C6',
  'U+02DA',
  'U+02DC',
  'U+0304',
  'U+0308',
  'U+0329',
  'U+2000-206F',
  'U+20AC',
  'U+2122',
  'U+2191',
  'U+2193',
  'U+2212',
  'U+2215',
  'U+FEFF',
  'U+FFFD',
]
export const fontSubsets = [
  { name: 'core', unicodeRange: coreRange, preload: true },
  {
    name: 'latin',
    // Marked pure so the widget's bundles, which read only the tokens, leave the subsets out.
    unicodeRange: /* @__PURE__ */ rangesWithout(npmLatinRange, coreRange),
    preload: false,
  },
] as const

export type FontSubset = (typeof fontSubsets)[number]

/**
 * Local fonts scaled to the brand faces' width, ascent and descent (measured in Chromium against
 * Arial's and Times New Roman's metric twins), shown when a brand face misses its first paint:
 * with `font-display: optional` it then waits for the next page, and nothing shifts.
 */
export const fallbackFonts = [
  {
    family: 'Inter Fallback',
    local: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans'],
    weight: '100 550',
    sizeAdjust: '106.3%',
    ascentOverride: '91.1%',
    descentOverride: '22.7%',
  },
  {
    family: 'Inter Fallback',
    local: ['Arial Bold', 'Arial-BoldMT', 'Liberation Sans Bold', 'LiberationSans-Bold'],
    weight: '551 900',
    sizeAdjust: '101.8%',
    ascentOverride: '95.1%',
    descentOverride: '23.7%',
  },
  {
    family: 'Source Serif Fallback',
    local: [
      'Times New Roman Bold',
      'TimesNewRomanPS-BoldMT',
      'Liberation Serif Bold',
      'LiberationSerif-Bold',
    ],
    weight: '100 900',
    sizeAdjust: '111.8%',
    ascentOverride: '92.7%',
    descentOverride: '30%',
  },
] as const

/**
 * `@font-face` rules for each brand face's subsets, served from `urlOf(face, subset)`, and for
 * their fallbacks.
 */
export function fontFaceCss(urlOf: (face: BrandFont, subset: FontSubset) => string): string {
  const brand = brandFonts.flatMap((face) =>
    fontSubsets.map(
      (subset) =>
        `@font-face { font-family: '${face.family}'; font-style: normal; font-weight: ${face.weight}; font-display: optional; src: url('${urlOf(face, subset)}') format('woff2'); unicode-range: ${subset.unicodeRange.join(', ')}; }`,
    ),
  )
  const fallbacks = fallbackFonts.map(
    (face) =>
      `@font-face { font-family: '${face.family}'; font-weight: ${face.weight}; src: ${face.local.map((name) => `local('${name}')`).join(', ')}; size-adjust: ${face.sizeAdjust}; ascent-override: ${face.ascentOverride}; descent-override: ${face.descentOverride}; line-gap-override: 0%; }`,
  )
  return [...brand, ...fallbacks].join('\n')
}
