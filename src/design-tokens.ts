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
  font: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  fontHeading: "Georgia, 'Iowan Old Style', 'Times New Roman', serif",
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
