import { cssVar } from '../styles/design-tokens.ts'
import { css } from '../styles/style-sheet.ts'

const focusRing = `
  outline: 3px solid ${cssVar('colorFocus')};
  outline-offset: 2px;
`

// Lengths in em of the panel's font size, as the form's are: it takes the form's place.
function createClasses() {
  return {
    panel: css(`
      display: grid;
      gap: 1em;
      box-sizing: border-box;
      min-width: 0;
      font-family: ${cssVar('font')};
      font-size: ${cssVar('fontSize')};
      line-height: 1.5;
      color: ${cssVar('colorText')};
      & *,
      & *::before,
      & *::after {
        box-sizing: border-box;
      }
    `),
    heading: css(`
      margin: 0;
      font-family: ${cssVar('fontHeading')};
      font-size: 1.25em;
      font-weight: 600;
      line-height: 1.3;
      overflow-wrap: anywhere;
      &:focus {
        outline: none;
      }
      &:focus-visible {
        ${focusRing}
      }
    `),
    note: css(`
      margin: 0;
      font-size: 0.875em;
      color: ${cssVar('colorMuted')};
      & a {
        color: ${cssVar('colorPrimary')};
        font-weight: 600;
        text-underline-offset: 0.2em;
      }
      & a:focus-visible {
        ${focusRing}
      }
    `),
    confirmation: css(`
      margin: 0;
      font-weight: 600;
      color: ${cssVar('colorSuccess')};
    `),
    // Hidden, but laid out, until a page that draws itself only when answered (Cal.com's) says it
    // is ready: Cal.com's own embed does the same. Its height then follows what the page reports.
    frame: css(`
      display: block;
      width: 100%;
      min-width: 0;
      height: 30em;
      border: 0;
      &[data-state='hidden'] {
        visibility: hidden;
      }
    `),
    actions: css(`
      display: flex;
      flex-wrap: wrap;
      gap: 0.75em;
    `),
    // A transparent border is what a forced-colors theme paints as the button's outline.
    button: css(`
      min-height: 2.75em;
      padding: 0.5625em 1.5em;
      font: inherit;
      font-weight: 600;
      color: ${cssVar('colorPrimary')};
      background: transparent;
      border: 1px solid ${cssVar('colorBorder')};
      border-radius: ${cssVar('radius')};
      cursor: pointer;
      &:hover {
        background: ${cssVar('colorSurface')};
      }
      &:focus-visible {
        ${focusRing}
      }
    `),
  }
}

let classes: ReturnType<typeof createClasses> | undefined

/** The panel's class names, created on first use so that importing has no side effects. */
export function bookingClasses(): ReturnType<typeof createClasses> {
  classes ??= createClasses()
  return classes
}
