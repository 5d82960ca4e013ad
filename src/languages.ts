/** The languages the form speaks, English first (the fallback); a new one is added here and in its copy. */
export const supportedLanguages = ['en', 'es'] as const

export type Language = (typeof supportedLanguages)[number]
