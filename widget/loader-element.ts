import { css, fullScript, html, privacyAttribute, staticScript } from 'virtual:demo-request-loader'
import { dispatchDemoRequestEvent } from '../src/form/demo-request-events.ts'
import type { DemoRequestPrefill } from '../src/form/prefill-values.ts'
import type { FunctionsInvoker } from '../src/submission/functions-client.ts'
import { tagName } from './element-api.ts'
import type { LiveForm, MountLiveForm } from './hand-over.ts'
import { HTMLElementBase } from './html-element-base.ts'
import { surelyEnglish } from './surely-english.ts'

// Shared by every element on the page: the one fetch of the full widget and its outcome.
const connected = new Set<DemoRequestLoaderElement>()
let loaderScript: HTMLScriptElement | null
let mount: MountLiveForm | undefined
let requested = false
let failed = false
let sheet: CSSStyleSheet
// Method calls made before the full widget brought the methods themselves.
const calls: (() => void)[] = []
// From the static form script (static-forms.ts): an element's form in its language, if not English.
let formFor: FormFor | undefined
// biome-ignore lint/correctness/noUnusedVariables: read by `??=` (#paint), which loads the script once
let formsScript: HTMLScriptElement | undefined

/** What the static form script gives: the markup of `element`'s form, or none for English. */
type FormFor = (element: Element) => string | undefined

function fail() {
  failed = true
  DemoRequestLoaderElement.paint(formFor)
}

// A classic script from beside the loader, not import(): the host needs no CORS, and the
// page's nonce carries over. The element needs each: if one cannot load, it shows its own content.
function load(name: string) {
  const script = document.createElement('script')
  // The page's address as the base where the loader has no script of its own (a bundler's copy).
  // A Location and a URL read as their href, in fewer of the loader's bytes.
  script.src = new URL(
    name,
    loaderScript?.src || (location as unknown as string),
  ) as unknown as string
  // Without a script of its own the loader has no nonce to pass: any value is then as good as none.
  script.nonce = loaderScript?.nonce as string
  script.onerror = fail
  document.head.append(script)
  return script
}

function loadFullWidget() {
  if (requested) return
  requested = true
  const script = load(fullScript)
  // The full widget calls takeOver as it runs; a script that ran without doing so failed too.
  script.onload = () => mount || fail()
}

// Near the viewport, the fetch starts once the page's own work is done; a visitor who never
// scrolls to the form never downloads it.
function loadWhenIdle() {
  // Safari has no requestIdleCallback: there the fetch starts in a task of its own (an object is
  // no delay), the way that costs the loader fewest bytes.
  ;(self.requestIdleCallback || (setTimeout as typeof requestIdleCallback))(loadFullWidget, {
    timeout: 2000,
  })
}

/**
 * The `<demo-request>` the loader (`demo-request-loader.js`) defines. It paints the static form
 * in its shadow root as it connects, in the page's language: English at once, from the loader's
 * own bytes; another language once the static form script has arrived (fetched once, only where
 * an element's language is not surely English), the English form holding the place meanwhile,
 * unseen and inert, so that no English shows and nothing moves. It fetches the full widget when
 * the element nears the viewport (once the browser is idle), on the visitor's first focus or tap
 * in it, or at once with `loading="eager"`. The full widget then mounts the React form into the
 * same shadow root (`takeOver`). If a script it needs cannot load, the element shows its own
 * content (the default slot) and dispatches `demo-request-error` with `{ kind: 'load' }`.
 */
export class DemoRequestLoaderElement extends HTMLElementBase {
  // Before the full widget, only the privacy link follows an attribute; the live form watches
  // the element's attributes itself, so a new attribute never changes the loader.
  static observedAttributes = [privacyAttribute]

  /**
   * Called by the static form script as it runs: each element still holding its place paints its
   * form in its language, unless the full widget came first. Called again as a script fails or
   * the full widget arrives, it brings every element up to date.
   */
  static paint(forms: FormFor | undefined): void {
    formFor = forms
    for (const element of connected) element.#paint()
  }

  /**
   * Called by the full widget as it runs, once it has put its own `prefill` and `reset` on this
   * class: from then on each element renders the React form. Calls that waited run first, in
   * order, each in a microtask of its own so one that throws stops none of the others; the forms
   * mount after them, so `demo-request-ready` finds what they set.
   */
  static takeOver(mountLive: MountLiveForm): void {
    mount = mountLive
    calls.forEach(queueMicrotask)
    // Painting brings each element up to date: with `mount` set, that mounts its live form.
    queueMicrotask(() => DemoRequestLoaderElement.paint(formFor))
  }

  /** Until the full widget replaces it: waits for it, and asks for it now. */
  prefill(values: DemoRequestPrefill): void {
    calls.push(() => this.prefill(values))
    loadFullWidget()
  }

  /** Until the full widget replaces it: waits for it, and asks for it now. */
  reset(): void {
    calls.push(() => this.reset())
    loadFullWidget()
  }

  #root = this.attachShadow({ mode: 'open' })
  #live: LiveForm | undefined
  // Truthy once a form is shown, and `fail` once the fallback is: the held place (#paint) is not.
  #shown: unknown

  constructor() {
    super()
    // Keys reach the element only once it has focus, so focus and taps cover every first touch.
    this.addEventListener('focusin', loadFullWidget)
    this.addEventListener('pointerdown', loadFullWidget)
  }

  /**
   * A Functions client to call instead of one built from the attributes. Declared, not defined:
   * the static form never sends, so a client set before the take-over waits as an own property,
   * which the full widget moves behind the accessor it brings (live-form.tsx).
   */
  declare functions: FunctionsInvoker | undefined

  connectedCallback(): void {
    connected.add(this)
    this.#paint()
    if (requested) return
    if (this.getAttribute('loading') === 'eager') loadFullWidget()
    else {
      new IntersectionObserver(
        // The last entry is the element's state now; earlier ones in the batch are history.
        (entries) => entries.pop()?.isIntersecting && loadWhenIdle(),
        // A viewport's height ahead (and its width, for a form in a carousel).
        { rootMargin: '100%' },
      ).observe(this)
    }
  }

  disconnectedCallback(): void {
    connected.delete(this)
    this.#update()
  }

  attributeChangedCallback(): void {
    this.#update()
  }

  // At connection, not in the constructor: an element the parser creates after the loader ran is
  // constructed before it has attributes or a parent, and so before it has a language. Then brings
  // the element up to date, painted or not.
  #paint() {
    if (mount) {
      // The live form's: #update mounts it.
    } else if (failed) {
      // After a script the element needs failed to load: the element's own content, in place of a
      // form that cannot send, said once where the page listens (so at connection, not as the
      // element is made, before it has a parent). The sheet's rules match nothing a slot shows:
      // the content keeps the page's styles.
      if (this.#shown !== fail) {
        this.#shown = fail
        this.#root.innerHTML = '<slot>'
        dispatchDemoRequestEvent(this, 'demo-request-error', { kind: 'load' })
      }
    } else if (!this.#shown) {
      // A form painted stays; only a held place is painted over.
      // The form in another language, from the static form script; else English, shown where that
      // script says no other language or where the loader is sure without it. Until the script
      // says, the English form holds the form's place, unseen and inert (its CSS hides `.Z`): the
      // page does not move when the form comes.
      const other = formFor?.(this)
      this.#shown = other || formFor || surelyEnglish(this)
      this.#root.adoptedStyleSheets = [sheet]
      this.#root.innerHTML = (this.#shown ? '' : '<div class=Z inert>') + (other ?? html)
      // A static form script that cannot load leaves the element its own content, as a full
      // widget that cannot load does (load()): never English on a page in another language.
      if (!this.#shown) formsScript ??= load(staticScript)
    }
    this.#update()
  }

  #update() {
    if (mount) {
      this.#live ??= mount(this, this.#root)
      this.#live.update()
    } else {
      const link = this.getAttribute(privacyAttribute)
      if (link) this.#root.querySelector('a')?.setAttribute('href', link)
    }
  }
}

/**
 * Registers the loader's element as `<demo-request>`, unless that tag is taken (a page may load
 * the loader twice). Called as the loader runs, while its script is the document's current
 * script, async and defer alike: the full widget is fetched from beside it.
 */
export function defineLoaderElement(): void {
  loaderScript = document.currentScript as HTMLScriptElement | null
  // A constructable sheet, not a <style>: a page's `style-src 'self'` allows it. Made here, in a
  // browser, before any element upgrades, since a server has no CSSStyleSheet.
  sheet = new CSSStyleSheet()
  sheet.replaceSync(css)
  if (!customElements.get(tagName)) customElements.define(tagName, DemoRequestLoaderElement)
}
