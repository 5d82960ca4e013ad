import { cssVar } from './design-tokens.ts'
import { css, keyframes } from './style-sheet.ts'

const focusRing = `
  outline: 3px solid ${cssVar('colorFocus')};
  outline-offset: 2px;
`

/**
 * The rule text of the form's own classes. goober names a class after a hash of its text, so the
 * static form (static-form.ts) compiled from the same text gets the same names and the same CSS:
 * the prerendered form and the live one lay out alike.
 */
export const formRules = {
  // Set every inherited property here: the host page's fonts and colours stop at this box.
  root: `
    all: initial;
    display: block;
    box-sizing: border-box;
    font-family: ${cssVar('font')};
    font-size: 1rem;
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
    gap: 1.25rem;
    margin: 0;
  `,
  row: `
    display: grid;
    gap: 1.25rem;
    grid-template-columns: repeat(auto-fit, minmax(min(100%, 13rem), 1fr));
  `,
  field: `
    display: grid;
    gap: 0.375rem;
    min-width: 0;
  `,
  label: `
    font-size: 0.875rem;
    font-weight: 600;
    color: ${cssVar('colorText')};
  `,
  control: `
    width: 100%;
    min-height: 2.75rem;
    margin: 0;
    padding: 0.5rem 0.75rem;
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
    }
  `,
  select: `
    padding-inline-end: 2.5rem;
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
      inset-inline-end: 1.125rem;
      top: 50%;
      width: 0.45rem;
      height: 0.45rem;
      border: solid ${cssVar('colorMuted')};
      border-width: 0 1.5px 1.5px 0;
      transform: translateY(-70%) rotate(45deg);
      pointer-events: none;
    }
  `,
  submit: `
    justify-self: stretch;
    min-height: 2.75rem;
    padding: 0.625rem 1.5rem;
    font: inherit;
    font-weight: 600;
    color: ${cssVar('colorOnPrimary')};
    background: ${cssVar('colorPrimary')};
    border: 0;
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
  notice: `
    margin: -0.5rem 0 0;
    font-size: 0.8125rem;
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

function createClasses() {
  const slideIn = keyframes(`
    from { opacity: 0; transform: translateY(0.75rem); }
    to { opacity: 1; transform: none; }
  `)
  const shared = Object.fromEntries(
    Object.entries(formRules).map(([name, rules]) => [name, css(rules)]),
  ) as Record<keyof typeof formRules, string>
  return {
    ...shared,
    error: css(`
      margin: 0;
      font-size: 0.875rem;
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
      inset-block-end: 1rem;
      inset-inline-end: 1rem;
      z-index: 2147483000;
      display: grid;
      gap: 0.5rem;
      width: min(24rem, calc(100vw - 2rem));
      pointer-events: none;
    `),
    // Both outcomes are solid: green for success, red (the spec's destructive style) for failure.
    toast: css(`
      display: grid;
      grid-template-columns: 1fr auto;
      gap: 0.25rem 0.75rem;
      padding: 1rem;
      color: ${cssVar('colorOnPrimary')};
      background: ${cssVar('colorSuccess')};
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
      font-size: 0.875rem;
    `),
    dismiss: css(`
      grid-row: 1 / span 2;
      grid-column: 2;
      align-self: start;
      width: 2rem;
      height: 2rem;
      padding: 0;
      font: inherit;
      font-size: 1.25rem;
      line-height: 1;
      color: inherit;
      background: transparent;
      border: 0;
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
