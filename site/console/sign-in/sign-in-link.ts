import { type SignInLinkType, signInLinkTypes } from '../console-auth.ts'

/** A sign-in link's one-time token, as Supabase Auth's email templates put it in `/console`. */
export interface SignInLink {
  tokenHash: string
  type: SignInLinkType
}

const linkParams = ['token_hash', 'type'] as const

/** The link's token in `url`, if it carries one. */
export function signInLinkIn(url: URL): SignInLink | null {
  const tokenHash = url.searchParams.get('token_hash')
  const type = signInLinkTypes.find((each) => each === url.searchParams.get('type'))
  return tokenHash && type ? { tokenHash, type } : null
}

/** `url` without the link's token, so it is never bookmarked, shared or verified twice. */
export function withoutSignInLink(url: URL): string {
  const clean = new URL(url)
  for (const param of linkParams) clean.searchParams.delete(param)
  return `${clean.pathname}${clean.search}${clean.hash}`
}
