/**
 * The languages the form is written in, as BCP 47 primary language subtags; English first, the
 * fallback. No imports: the widget, the schema and the Supabase function all read this list.
 */
export const supportedLanguages = ['en', 'es'] as const

export type Language = (typeof supportedLanguages)[number]
