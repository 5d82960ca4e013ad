/** Made at build time by widget/loader-build.ts. */
declare module 'virtual:demo-request-loader' {
  /** The static form's markup, interactive, with an empty privacy link. */
  export const html: string
  /** The static form's CSS. */
  export const css: string
  /** The attribute naming the privacy notice. */
  export const privacyAttribute: string
  /** The full widget's file name, beside the loader. */
  export const fullScript: string
  /** The static form script's file name (widget/static-forms.ts), beside the loader. */
  export const staticScript: string
}

/** Made at build time by widget/loader-build.ts, for widget/static-forms.ts. */
declare module 'virtual:demo-request-static-forms' {
  /** The static form's markup in each language other than English. */
  export const forms: Partial<Record<import('#core/languages.ts').Language, string>>
}

/** Made at build time by widget/copy-scripts-build.ts, for widget/copy-scripts.ts. */
declare module 'virtual:demo-request-copy-scripts' {
  /** Each fetched language's copy script, by file name beside the standalone widget. */
  export const copyScripts: Record<import('../src/copy/copies.ts').FetchedLanguage, string>
}

/** Made at build time by widget/copy-scripts-build.ts: one language's copy, for copy-script.ts. */
declare module 'virtual:demo-request-copy' {
  export const copy: import('#core/en.ts').FormCopy
}
