/**
 * The language a page asks an element to speak, read as relative-time-element reads it: the
 * element's own `lang`, else its nearest ancestor's, else `<html lang>`, else English. A regional
 * tag speaks its language (`es-MX` → `es`); a language the form lacks, English.
 */
import { type Language, supportedLanguages } from '#core/languages.ts'

/** The supported language a BCP 47 tag names, by its primary subtag; English for any other. */
export function languageOf(tag: string | null | undefined): Language {
  // `es_MX` too: some content systems write the POSIX form into `lang`.
  const primary = tag?.trim().split(/[-_]/)[0]?.toLowerCase()
  return supportedLanguages.find((language) => language === primary) ?? 'en'
}

// `lang=""` says the language is unknown; it is passed over rather than read as English.
const said = '[lang]:not([lang=""])'

/** The tag the page gives `element`, from the light DOM: past the shadow roots it sits in. */
function pageLanguageTag(element: Element): string | undefined {
  let from: Element | undefined = element
  while (from) {
    const tag = from.closest(said)?.getAttribute('lang')
    if (tag) return tag
    const root = from.getRootNode()
    from = root instanceof ShadowRoot ? root.host : undefined
  }
  // A detached element still speaks its document's language.
  return element.ownerDocument.documentElement.getAttribute('lang') || undefined
}

/** The supported language the page asks `element` to speak. */
export function resolveLanguage(element: Element): Language {
  return languageOf(pageLanguageTag(element))
}

const watchers = new Set<() => void>()
let observer: MutationObserver | undefined
const watched: MutationObserverInit = { attributes: true, attributeFilter: ['lang'], subtree: true }

/**
 * Calls `onChange` whenever a `lang` attribute changes in the document's light DOM (the element's
 * own, an ancestor's, `<html>`'s) or in a shadow root `element` sits in (a component of the page
 * that renders the form inside its own shadow root, with a `lang` there), until the returned
 * function is called. One MutationObserver serves every instance, as Shoelace's
 * LocalizeController does: a page with ten forms pays for one.
 */
export function watchPageLanguage(onChange: () => void, element?: Element): () => void {
  watchers.add(onChange)
  observer ??= new MutationObserver(() => {
    for (const watcher of watchers) watcher()
  })
  observer.observe(document.documentElement, watched)
  // A document's observer does not see into shadow roots: each one around the element is watched
  // too (observing a node again only renews its options).
  for (
    let root = element?.getRootNode();
    root instanceof ShadowRoot;
    root = root.host.getRootNode()
  )
    observer.observe(root, watched)
  return () => {
    watchers.delete(onChange)
    if (watchers.size > 0) return
    observer?.disconnect()
    observer = undefined
  }
}
