/**
 * Whether the page surely asks `element` for English by src/copy/page-language.ts's rule, in the few
 * bytes the loader can spare: in the document (not a shadow root), the nearest non-empty `lang`
 * is absent or says `en` or `en-…`. It is never true where the rule says another language; where
 * it is false the rule itself decides, from the static form script (static-forms.ts). English
 * pages, with or without `lang`, so wait for nothing.
 */
export const surelyEnglish = (element: Element): boolean =>
  element.getRootNode() === document &&
  /^en(-|$)/i.test(element.closest('[lang]:not([lang=""])')?.getAttribute('lang') ?? 'en')
