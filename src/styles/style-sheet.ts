import { css as gooberCss } from 'goober'

/*
 * goober writes its CSS into a detached element that never joins a document, and each render
 * root adopts one shared constructable stylesheet built from that text. Nothing is injected as
 * a <style> tag, so pages with a strict `style-src 'self'` policy still render the widget styled.
 */
let target: HTMLElement | undefined
let sheet: CSSStyleSheet | undefined
let sheetText = ''

// Where there is no document (the build drawing the static form), goober keeps the text itself.
function styleTarget(): HTMLElement | undefined {
  if (typeof document === 'undefined') return undefined
  target ??= document.createElement('div')
  return target
}

/** A class for `rules`, collected into the shared sheet. Call it from render code, not at import. */
export function css(rules: string): string {
  return gooberCss.call({ target: styleTarget() }, rules)
}

/** A `@keyframes` name for `frames`, collected into the shared sheet. */
export function keyframes(frames: string): string {
  // goober's own `keyframes` is bound to the document head; `k` is the flag it binds.
  return gooberCss.call({ target: styleTarget(), k: 1 }, frames)
}

/** Makes every style created so far apply inside `root` (a shadow root or the document). */
export function adoptStyles(root: Node): void {
  if (!(root instanceof ShadowRoot || root instanceof Document)) return
  const text = styleTarget()?.textContent ?? ''
  sheet ??= new CSSStyleSheet()
  if (text !== sheetText) {
    sheet.replaceSync(text)
    sheetText = text
  }
  if (!root.adoptedStyleSheets.includes(sheet)) {
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
  }
}
