import { sharePath } from '../../page-meta.ts'

/** A link's address: the share page on the console's own site, the token after `#`. */
export function shareUrl(consoleUrl: string, token: string): string {
  return `${new URL(sharePath, consoleUrl).href}#${token}`
}

/** The token an address's fragment carries (`#<token>`); '' for none. */
export function tokenOf(hash: string): string {
  return decodeURIComponent(hash.replace(/^#/, '')).trim()
}
