import type { SupabaseClient } from '@supabase/supabase-js'

/**
 * What the console asks of supabase-js's `auth`: the real client in the app, a fake of the same
 * shape in stories and tests, so every view can be shown without a Supabase project.
 */
export type ConsoleAuth = Pick<
  SupabaseClient['auth'],
  'getSession' | 'signInWithOtp' | 'verifyOtp' | 'signOut' | 'onAuthStateChange'
>

/** The link types Supabase Auth's email templates send to `/console`. */
export const signInLinkTypes = ['magiclink', 'email', 'invite'] as const
export type SignInLinkType = (typeof signInLinkTypes)[number]
