/**
 * Whether the page surely asks `element` for English by src/copy/page-language.ts's rule, in the few
 * bytes the loader can spare: in the document (not a shadow root), no ancestor declares a language
 * other than English (`[lang|=en]` matches `en` and `en-…`, in any case, as HTML compares `lang`).
 * It is never true where the rule says another language; where it is false the rule itself decides,
 * from the static form script (static-forms.ts). English pages, with or without `lang`, so wait for
 * nothing; a rarer page, English inside another language or with an empty `lang`, waits for it.
 */
export const surelyEnglish = (element: Element): boolean =>
  element.getRootNode() === document && !element.closest('[lang]:not([lang|=en])')
