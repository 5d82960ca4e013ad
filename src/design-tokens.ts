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
  // (fallbackFonts) where it declares them, else the system's own.
  font: "'Inter Variable', 'Inter Fallback', system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
  fontHeading: "'Source Serif 4', 'Source Serif Fallback', Georgia, 'Times New Roman', serif",
  radius: '8px',
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
 * The site's brand typefaces, self-hosted from npm (latin subset, woff2): Inter as a variable
 * font for text, Source Serif 4 at weight 600, the only one headings use. The widget never loads
 * them; a page that does gets them through the `font` and `fontHeading` tokens.
 */
export const brandFonts = [
  {
    family: 'Inter Variable',
    file: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    weight: '100 900',
  },
  {
    family: 'Source Serif 4',
    file: '@fontsource/source-serif-4/files/source-serif-4-latin-600-normal.woff2',
    weight: '600',
  },
] as const

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

/** `@font-face` rules for the brand faces, served from `urlOf(file)`, and their fallbacks. */
export function fontFaceCss(urlOf: (file: string) => string): string {
  const brand = brandFonts.map(
    (face) =>
      `@font-face { font-family: '${face.family}'; font-style: normal; font-weight: ${face.weight}; font-display: optional; src: url('${urlOf(face.file)}') format('woff2'); }`,
  )
  const fallbacks = fallbackFonts.map(
    (face) =>
      `@font-face { font-family: '${face.family}'; font-weight: ${face.weight}; src: ${face.local.map((name) => `local('${name}')`).join(', ')}; size-adjust: ${face.sizeAdjust}; ascent-override: ${face.ascentOverride}; descent-override: ${face.descentOverride}; line-gap-override: 0%; }`,
  )
  return [...brand, ...fallbacks].join('\n')
}
