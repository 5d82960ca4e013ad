import { cssVar } from './design-tokens.ts'
import { css, keyframes } from './style-sheet.ts'

const focusRing = `
  outline: 3px solid ${cssVar('colorFocus')};
  outline-offset: 2px;
`

function createClasses() {
  const slideIn = keyframes`
    from { opacity: 0; transform: translateY(0.75rem); }
    to { opacity: 1; transform: none; }
  `
  return {
    // Set every inherited property here: the host page's fonts and colours stop at this box.
    root: css`
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
    form: css`
      display: grid;
      gap: 1.25rem;
      margin: 0;
    `,
    row: css`
      display: grid;
      gap: 1.25rem;
      grid-template-columns: repeat(auto-fit, minmax(min(100%, 13rem), 1fr));
    `,
    field: css`
      display: grid;
      gap: 0.375rem;
      min-width: 0;
    `,
    label: css`
      font-size: 0.875rem;
      font-weight: 600;
      color: ${cssVar('colorText')};
    `,
    control: css`
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
    select: css`
      padding-inline-end: 2.5rem;
      background-image: linear-gradient(45deg, transparent 50%, currentColor 50%),
        linear-gradient(135deg, currentColor 50%, transparent 50%);
      background-position: right 1.25rem center, right 0.9rem center;
      background-size: 0.35rem 0.35rem;
      background-repeat: no-repeat;
      &:invalid {
        color: ${cssVar('colorMuted')};
      }
      & option {
        color: ${cssVar('colorText')};
      }
    `,
    error: css`
      margin: 0;
      font-size: 0.875rem;
      color: ${cssVar('colorDanger')};
    `,
    honeypot: css`
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    `,
    submit: css`
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
    toasts: css`
      position: fixed;
      inset-block-end: 1rem;
      inset-inline-end: 1rem;
      z-index: 2147483000;
      display: grid;
      gap: 0.5rem;
      width: min(24rem, calc(100vw - 2rem));
      pointer-events: none;
    `,
    toast: css`
      display: grid;
      grid-template-columns: 1fr auto;
      gap: 0.25rem 0.75rem;
      padding: 1rem;
      color: ${cssVar('colorText')};
      background: ${cssVar('colorBackground')};
      border: 1px solid ${cssVar('colorBorder')};
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
        border-color: ${cssVar('colorDanger')};
      }
    `,
    toastTitle: css`
      margin: 0;
      font-weight: 600;
    `,
    toastDescription: css`
      grid-column: 1;
      margin: 0;
      font-size: 0.875rem;
    `,
    dismiss: css`
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
        ${focusRing}
      }
    `,
  }
}

let classes: ReturnType<typeof createClasses> | undefined

/** The form's class names, created on first use so that importing has no side effects. */
export function formClasses(): ReturnType<typeof createClasses> {
  classes ??= createClasses()
  return classes
}
