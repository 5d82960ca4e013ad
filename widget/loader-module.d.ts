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
}
