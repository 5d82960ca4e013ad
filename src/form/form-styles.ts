import { cssVar } from '../styles/design-tokens.ts'
import { css, keyframes } from '../styles/style-sheet.ts'

const focusRing = `
  outline: 3px solid ${cssVar('colorFocus')};
  outline-offset: 2px;
`

// In forced colors (Windows contrast themes) backgrounds and shadows go: a transparent border is
// what the system paints as a button's outline, and an invalid field needs more than its colour.
const invalidInForcedColors = `
  @media (forced-colors: active) {
    border: 2px dashed;
  }
`

/**
 * The rule text of the form's own classes. goober names a class after a hash of its text, so the
 * static form (static-form.ts) compiled from the same text gets the same names and the same CSS:
 * the prerendered form and the live one lay out alike. The widget's builds compact the text of
 * every `*-styles.ts` (widget/compact-rules.ts), so keep CSS alone in their template literals.
 */
export const formRules = {
  // Set every inherited property here: the host page's fonts and colours stop at this box. Every
  // length below is in em of this font size (divided by a box's own font size where it has one),
  // never rem, which is the host page's root.
  root: `
    all: initial;
    display: block;
    box-sizing: border-box;
    font-family: ${cssVar('font')};
    font-size: ${cssVar('fontSize')};
    line-height: 1.5;
    color: ${cssVar('colorText')};
    text-align: start;
    & *,
    & *::before,
    & *::after {
      box-sizing: border-box;
    }
  `,
  form: `
    display: grid;
    gap: 1.25em;
    margin: 0;
  `,
  row: `
    display: grid;
    gap: 1.25em;
    grid-template-columns: repeat(auto-fit, minmax(min(100%, 13em), 1fr));
  `,
  // A row is as tall as its tallest field: a message under one field must not stretch its
  // neighbour's label and input into the room it takes, so the tracks keep their own height.
  field: `
    display: grid;
    align-content: start;
    gap: 0.375em;
    min-width: 0;
  `,
  label: `
    font-size: 0.875em;
    font-weight: 600;
    color: ${cssVar('colorText')};
  `,
  control: `
    width: 100%;
    min-height: 2.75em;
    margin: 0;
    padding: 0.5em 0.75em;
    font: inherit;
    color: ${cssVar('colorText')};
    background: ${cssVar('colorBackground')};
    border: 1px solid ${cssVar('colorBorder')};
    border-radius: ${cssVar('radius')};
    appearance: none;
    &::placeholder {
      color: ${cssVar('colorMuted')};
      opacity: 1;
    }
    &:focus-visible {
      ${focusRing}
    }
    &[aria-invalid='true'] {
      border-color: ${cssVar('colorDanger')};
      ${invalidInForcedColors}
    }
  `,
  select: `
    padding-inline-end: 2.5em;
    &:invalid {
      color: ${cssVar('colorMuted')};
    }
    & option {
      color: ${cssVar('colorText')};
    }
  `,
  // The select's arrow: a chevron of two borders, drawn by the browser at any pixel density.
  selectBox: `
    position: relative;
    &::after {
      content: '';
      position: absolute;
      inset-inline-end: 1.125em;
      top: 50%;
      width: 0.45em;
      height: 0.45em;
      border: solid ${cssVar('colorMuted')};
      border-width: 0 1.5px 1.5px 0;
      transform: translateY(-70%) rotate(45deg);
      pointer-events: none;
    }
  `,
  submit: `
    justify-self: stretch;
    min-height: 2.75em;
    padding: 0.5625em 1.5em;
    font: inherit;
    font-weight: 600;
    color: ${cssVar('colorOnPrimary')};
    background: ${cssVar('colorPrimary')};
    border: 1px solid transparent;
    border-radius: ${cssVar('radius')};
    cursor: pointer;
    &:hover:not(:disabled) {
      background: ${cssVar('colorPrimaryHover')};
    }
    &:focus-visible {
      ${focusRing}
    }
    &:disabled {
      cursor: progress;
      opacity: 0.7;
    }
  `,
  // Pulled up by 0.5em of the form's size: 0.6154em of this line's own 0.8125em.
  notice: `
    margin: -0.6154em 0 0;
    font-size: 0.8125em;
    color: ${cssVar('colorMuted')};
    text-align: center;
    & a {
      color: ${cssVar('colorPrimary')};
      text-underline-offset: 0.2em;
    }
    & a:focus-visible {
      ${focusRing}
    }
  `,
}

/** The message box's own rule, beside `control`'s; apart, so forms without one carry none. */
export const messageRules = {
  textarea: `
    display: block;
    min-height: 7.5rem;
    resize: vertical;
  `,
}

function createClasses() {
  const slideIn = keyframes(`
    from { opacity: 0; transform: translateY(0.75em); }
    to { opacity: 1; transform: none; }
  `)
  const shared = Object.fromEntries(
    Object.entries({ ...formRules, ...messageRules }).map(([name, rules]) => [name, css(rules)]),
  ) as Record<keyof typeof formRules | keyof typeof messageRules, string>
  return {
    ...shared,
    error: css(`
      margin: 0;
      font-size: 0.875em;
      color: ${cssVar('colorDanger')};
    `),
    honeypot: css(`
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    `),
    toasts: css(`
      position: fixed;
      inset-block-end: 1em;
      inset-inline-end: 1em;
      z-index: 2147483000;
      display: grid;
      gap: 0.5em;
      width: min(24em, calc(100vw - 2em));
      pointer-events: none;
    `),
    // Both outcomes are solid: green for success, red (the destructive style of docs/requirements.md#toasts) for failure.
    toast: css(`
      display: grid;
      grid-template-columns: 1fr auto;
      gap: 0.25em 0.75em;
      padding: 1em;
      color: ${cssVar('colorOnPrimary')};
      background: ${cssVar('colorSuccess')};
      border: 1px solid transparent;
      border-radius: ${cssVar('radius')};
      box-shadow: 0 10px 30px rgb(15 23 42 / 0.18);
      pointer-events: auto;
      animation: ${slideIn} 200ms ease-out;
      @media (prefers-reduced-motion: reduce) {
        animation: none;
      }
      &[data-variant='destructive'] {
        color: ${cssVar('colorOnDanger')};
        background: ${cssVar('colorDanger')};
      }
    `),
    toastTitle: css(`
      margin: 0;
      font-weight: 600;
    `),
    toastDescription: css(`
      grid-column: 1;
      margin: 0;
      font-size: 0.875em;
    `),
    dismiss: css(`
      grid-row: 1 / span 2;
      grid-column: 2;
      align-self: start;
      width: calc(2em / 1.25);
      height: calc(2em / 1.25);
      padding: 0;
      font: inherit;
      font-size: 1.25em;
      line-height: 1;
      color: inherit;
      background: transparent;
      border: 1px solid transparent;
      border-radius: ${cssVar('radius')};
      cursor: pointer;
      &:focus-visible {
        outline: 3px solid currentColor;
        outline-offset: -3px;
      }
    `),
  }
}

let classes: ReturnType<typeof createClasses> | undefined

/** The form's class names, created on first use so that importing has no side effects. */
export function formClasses(): ReturnType<typeof createClasses> {
  classes ??= createClasses()
  return classes
}
