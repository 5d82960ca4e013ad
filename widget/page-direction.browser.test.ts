/// <reference types="mocha" />
// The form on a right-to-left page, in each of its languages. It follows the page's direction as
// it follows its language: CSS `direction` passes from the host into the shadow root, and every
// side in the form's styles is a logical one. Runs in every engine (npm run test:engines).
import { expect } from 'chai'
import { supportedLanguages } from '#core/languages.ts'
import {
  fillValid,
  newRun,
  query,
  standInUrl,
  submitButton,
  toast,
  typeInto,
} from '../tests/browser/widget-harness.ts'
import { waitUntil } from '../tests/support/wait-until.ts'
import './define.ts'

type Direction = 'ltr' | 'rtl'

/** `<demo-request>` with `attributes`, in a column of the page with `columnAttributes`. */
async function mountIn(columnAttributes: Record<string, string>, attributes = {}) {
  const column = document.createElement('div')
  column.dataset.testColumn = ''
  for (const [name, value] of Object.entries(columnAttributes)) column.setAttribute(name, value)
  const element = document.createElement('demo-request')
  for (const [name, value] of Object.entries({
    'supabase-url': standInUrl('success', newRun()),
    'anon-key': 'test-anon-key',
    ...attributes,
  }))
    element.setAttribute(name, value)
  column.append(element)
  document.body.append(column)
  const root = await waitUntil(
    () => element.shadowRoot?.querySelector('form') && element.shadowRoot,
  )
  return { column, element, root }
}

/** A column `width` px wide, in `direction` and `lang`. */
const column = (direction: Direction, lang: string, width: number) => ({
  dir: direction,
  lang,
  style: `width: ${width}px`,
})

/** Where a box sits in `frame`: from the frame's inline start (its right in right-to-left). */
function placed(box: DOMRect, frame: DOMRect, direction: Direction) {
  const start = direction === 'rtl' ? frame.right - box.right : box.left - frame.left
  return { start, top: box.top - frame.top, width: box.width, height: box.height }
}

function textBox(node: Node): DOMRect {
  const range = document.createRange()
  range.selectNodeContents(node)
  return range.getBoundingClientRect()
}

/**
 * Each label, control, message and the button of the form (not the honeypot, hidden to all),
 * and the run of text inside each label and message: where it starts, from the column's inline
 * start.
 */
function formLayout(root: ShadowRoot, frame: HTMLElement) {
  const edge = frame.getBoundingClientRect()
  const direction = getComputedStyle(frame).direction as Direction
  const parts = [
    ...root.querySelectorAll('form label, form input, form select, form button, form p'),
  ].filter((part) => !part.closest('[aria-hidden="true"]'))
  return parts.flatMap((part) => {
    const name =
      (part as HTMLLabelElement).control?.getAttribute('name') ??
      part.getAttribute('name') ??
      part.getAttribute('data-error-for') ??
      part.getAttribute('type')
    const box = [`${part.localName} ${name}`, placed(part.getBoundingClientRect(), edge, direction)]
    if (part.localName !== 'label' && part.localName !== 'p') return [box]
    return [box, [`${part.localName} ${name} text`, placed(textBox(part), edge, direction)]]
  }) as [string, ReturnType<typeof placed>][]
}

/** What of the form's own boxes and words lies outside `frame`, by more than rounding. */
function outside(root: ShadowRoot, frame: HTMLElement): string[] {
  const edge = frame.getBoundingClientRect()
  // The toasts sit on the viewport, not in the column; the honeypot is clipped to a pixel;
  // options have no box of their own.
  const shown = (part: Element) => !part.closest('section, [aria-hidden="true"], option')
  const parts = [...root.querySelectorAll('*')].filter(shown)
  const words = parts.flatMap((part) =>
    [...part.childNodes].filter(
      (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
    ),
  )
  return [
    ...parts.map((part) => [part, part.getBoundingClientRect()] as const),
    ...words.map((text) => [text, textBox(text)] as const),
  ]
    .filter(([, box]) => box.width > 0)
    .filter(([, box]) => box.left < edge.left - 0.5 || box.right > edge.right + 0.5)
    .map(
      ([part, box]) =>
        `${part.nodeName} ${part.textContent?.slice(0, 20)} at ${box.left}–${box.right}`,
    )
}

/** Fails naming each part whose place differs by more than rounding. */
function expectSamePlaces(
  actual: [string, Record<string, number>][],
  expected: [string, Record<string, number>][],
  what: string,
) {
  expect(
    actual.map(([name]) => name),
    what,
  ).to.deep.equal(expected.map(([name]) => name))
  const moved = actual.filter(([, place], index) =>
    Object.entries(place).some(
      ([key, value]) => Math.abs(value - (expected[index]?.[1][key] ?? Number.NaN)) > 0.5,
    ),
  )
  expect(
    moved.map(([name, place]) => `${name}: ${JSON.stringify(place)}`),
    what,
  ).to.deep.equal([])
}

const pageDirection = document.documentElement.getAttribute('dir')

afterEach(() => {
  for (const column of document.querySelectorAll('[data-test-column]')) column.remove()
  if (pageDirection === null) document.documentElement.removeAttribute('dir')
  else document.documentElement.setAttribute('dir', pageDirection)
})

describe('<demo-request> on a right-to-left page', () => {
  it("follows the page's direction as it follows its language: its own dir, an ancestor's, <html dir>", async () => {
    const direction = async (columnAttributes: Record<string, string>, attributes = {}) => {
      const { root, column } = await mountIn(columnAttributes, attributes)
      const form = query(root, 'form')
      const said = getComputedStyle(form).direction
      column.remove()
      return said
    }
    expect(await direction({}), 'a page that says none').to.equal('ltr')
    expect(await direction({ dir: 'rtl' }), "an ancestor's dir").to.equal('rtl')
    expect(await direction({}, { dir: 'rtl' }), 'its own dir').to.equal('rtl')
    expect(await direction({ dir: 'rtl' }, { dir: 'ltr' }), 'its own before the page').to.equal(
      'ltr',
    )
    expect(await direction({ style: 'direction: rtl' }), 'a stylesheet, no attribute').to.equal(
      'rtl',
    )
    document.documentElement.setAttribute('dir', 'rtl')
    expect(await direction({}), '<html dir>').to.equal('rtl')
  })

  for (const lang of supportedLanguages) {
    it(`in ${lang}, lays every label, field and message out as the mirror of left to right, within 320 px`, async () => {
      for (const width of [320, 640]) {
        const layouts = []
        for (const direction of ['ltr', 'rtl'] as const) {
          const { root, column: frame } = await mountIn(column(direction, lang, width))
          // Every required field's message shows: the longest words the form has at once.
          submitButton(root).click()
          await waitUntil(() => root.querySelectorAll('[data-error-for]').length === 4)
          expect(outside(root, frame), `${direction} at ${width} px`).to.deep.equal([])
          layouts.push(formLayout(root, frame))
          // The first label, its words and its field start together: on the right in right-to-left.
          const label = query(root, 'label')
          const starts = [
            label.getBoundingClientRect(),
            textBox(label),
            query(root, 'input').getBoundingClientRect(),
          ].map((box) => (direction === 'rtl' ? box.right : box.left))
          for (const start of starts) expect(start, direction).to.be.closeTo(starts[0] ?? 0, 0.5)
          frame.remove()
        }
        const [ltr = [], rtl = []] = layouts
        expectSamePlaces(rtl, ltr, `${lang} at ${width} px`)
      }
    })
  }

  it("draws the select's arrow at its inline end, where its padding leaves room", async () => {
    for (const direction of ['ltr', 'rtl'] as const) {
      const { root, column: frame } = await mountIn(column(direction, 'es', 320))
      const select = query(root, 'select')
      const arrow = getComputedStyle(query(root, 'select').parentElement as Element, '::after')
      const [end, start] = direction === 'rtl' ? ['left', 'right'] : ['right', 'left']
      expect(arrow.getPropertyValue(end), direction).to.equal('18px')
      expect(getComputedStyle(select).getPropertyValue(`padding-${end}`), direction).to.equal(
        '40px',
      )
      expect(getComputedStyle(select).getPropertyValue(`padding-${start}`), direction).to.equal(
        '12px',
      )
      frame.remove()
    }
  })

  for (const lang of supportedLanguages) {
    it(`in ${lang}, keeps a field's neighbour where it was when the field's message shows, either way`, async () => {
      for (const direction of ['ltr', 'rtl'] as const) {
        const { root, column: frame } = await mountIn(column(direction, lang, 640))
        typeInto(root, 'lastName', 'Lovelace')
        const lastName = query(root, '[name="lastName"]')
        const before = placed(
          lastName.getBoundingClientRect(),
          frame.getBoundingClientRect(),
          direction,
        )
        submitButton(root).click()
        await waitUntil(() => root.querySelector('[data-error-for="firstName"]'))
        const after = placed(
          lastName.getBoundingClientRect(),
          frame.getBoundingClientRect(),
          direction,
        )
        expect(after, direction).to.deep.equal(before)
        // Beside First Name, at its inline end: on its left in right-to-left.
        const firstName = query(root, '[name="firstName"]').getBoundingClientRect()
        const { left, right } = lastName.getBoundingClientRect()
        if (direction === 'rtl') expect(right, direction).to.be.below(firstName.left)
        else expect(left, direction).to.be.above(firstName.right)
        frame.remove()
      }
    })
  }

  for (const lang of supportedLanguages) {
    it(`in ${lang}, puts the toast at the page's inline end and its words at their start`, async () => {
      const places = []
      for (const direction of ['ltr', 'rtl'] as const) {
        const { root, column: frame } = await mountIn(column(direction, lang, 640))
        fillValid(root)
        submitButton(root).click()
        const shown = await waitUntil(() => toast(root))
        const box = shown.getBoundingClientRect()
        // The toasts are fixed to the viewport: the page's scrollbar, if any, is on its right.
        const page = new DOMRect(0, 0, document.documentElement.clientWidth, innerHeight)
        const [title, description] = [...shown.querySelectorAll('p')].map(textBox)
        const dismiss = query(shown, 'button').getBoundingClientRect()
        const inToast = (part: DOMRect | undefined) =>
          part && { start: placed(part, box, direction).start, width: part.width }
        places.push({
          toast: { start: placed(box, page, direction).start, width: box.width },
          title: inToast(title),
          description: inToast(description),
          dismiss: inToast(dismiss),
        })
        frame.remove()
      }
      const [ltr, rtl] = places
      const page = document.documentElement.clientWidth
      expect(ltr?.toast.start, 'one em from the inline end of the page').to.be.closeTo(
        page - 16 - (ltr?.toast.width ?? 0),
        0.5,
      )
      expect(ltr?.title?.start, 'its words a padding from its start').to.be.closeTo(17, 0.5)
      expectSamePlaces(
        Object.entries(rtl ?? {}) as [string, Record<string, number>][],
        Object.entries(ltr ?? {}) as [string, Record<string, number>][],
        `the toast in ${lang}`,
      )
    })
  }
})
