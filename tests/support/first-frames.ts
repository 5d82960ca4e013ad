// What each <demo-request> on a page shows from its first paint until its live form, for the
// tests that hold the loader's first frame to the page's language (issue 32), in every engine.
// The recorder is an inline script the test page puts before the loader, so it needs no engine's
// init-script support (WebKitWebDriver has none).

import type { FormCopy } from '#core/en.ts'
import { companySizes, requiredFieldNames } from '#core/lead-fields.ts'
import { allCopies } from '../../src/copy/load-copy.ts'

/** What one element showed in one frame, or at one change: its words, placeholders and labels. */
export interface FrameSnapshot {
  /** The element's index on the page. */
  element: number
  /** The words the form shows, or an empty string before anything is painted. */
  words: string
  /** Whether the live form (named controls) shows. */
  live: boolean
  /** Whether the element has its shadow root yet (the loader has run). */
  rooted: boolean
  /** The element's height, in CSS pixels. */
  height: number
  /**
   * The opacity of the inert place the loader holds for the form while the static form script
   * comes (widget/loader-element.ts), or null when it holds none. Its words are not counted as
   * shown: they must be unseen, opacity '0'.
   */
  held: string | null
}

/**
 * The recorder, as an inline script: every animation frame (what each frame paints) and every
 * change inside each element's shadow root (what no frame may even have shown), it snapshots each
 * element's words, until every element shows its live form. `window.firstFrames` then holds
 * `{ snapshots, done }`.
 */
export const firstFramesRecorder = `<script>
(() => {
  const snapshots = []
  const record = { snapshots, done: false }
  window.firstFrames = record
  const observed = new WeakSet()
  const seen = (root) => [...root.children].filter((node) => !node.matches('[inert]'))
  const words = (root) => root ? [...seen(root).map((node) => node.textContent), ...seen(root).flatMap((node) => [...node.querySelectorAll('[placeholder], [aria-label]')]).flatMap((node) => [node.getAttribute('placeholder'), node.getAttribute('aria-label')])].filter(Boolean).join(' ') : ''
  const held = (root) => { const place = root && root.querySelector(':scope > [inert]'); return place ? getComputedStyle(place).opacity : null }
  const snapshot = () => {
    const elements = [...document.querySelectorAll('demo-request')]
    elements.forEach((element, index) => {
      const root = element.shadowRoot
      if (root && !observed.has(root)) {
        observed.add(root)
        new MutationObserver(snapshot).observe(root, { subtree: true, childList: true, characterData: true, attributes: true })
      }
      snapshots.push({ element: index, words: words(root), live: !!root && !!root.querySelector('form [name="firstName"]') && !root.querySelector('input:not([name])'), rooted: !!root, height: element.getBoundingClientRect().height, held: held(root) })
    })
    return elements.length > 0 && elements.every((element, index) => snapshots.findLast((shot) => shot.element === index).live)
  }
  const frame = () => {
    if (snapshot()) record.done = true
    else requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
})()
</script>`

/** Run in the page: what the recorder holds once every element shows its live form, else null. */
export function recordedFrames(): FrameSnapshot[] | null {
  const record = (
    window as unknown as { firstFrames?: { snapshots: FrameSnapshot[]; done: boolean } }
  ).firstFrames
  return record?.done ? record.snapshots : null
}

// What the first frame shows in a language: the form's name, the four fields' labels and
// placeholders, the sizes, the button and the privacy notice.
function shownWords(copy: FormCopy): Set<string> {
  const texts = [
    copy.label,
    ...requiredFieldNames.flatMap((name) => [
      copy.fields[name].label,
      copy.fields[name].placeholder,
    ]),
    ...companySizes.map((size) => copy.companySizes[size]),
    copy.submit,
    copy.privacy.text,
    copy.privacy.link,
  ]
  return new Set(texts.flatMap((text) => text.toLowerCase().match(/\p{L}+/gu) ?? []))
}

/** The words the English form shows that the Spanish one never does ("first", "enter", "demo", …). */
const copies = await allCopies()
const spanish = shownWords(copies.es)
const englishOnlyWords = [...shownWords(copies.en)].filter((word) => !spanish.has(word))

/** The English-only words in `words`, as whole words. */
export const englishWordsIn = (words: string): string[] => {
  const shown = new Set(words.toLowerCase().match(/\p{L}+/gu) ?? [])
  return englishOnlyWords.filter((word) => shown.has(word))
}
