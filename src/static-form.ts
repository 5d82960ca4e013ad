/**
 * The form as static HTML and CSS, for pages that show it before (or without) JavaScript: the
 * prerendered site, and a loader that paints it in the element's shadow root before React
 * arrives. Same copy, same tokens, same goober class names as the live form, so when React takes
 * over nothing moves. Its fields are disabled and its button sends nothing: without the script
 * the form cannot send, and a note under the button says so.
 */
import { css as gooberCss } from 'goober'
import { fieldLimits } from './demo-request-limits.ts'
import { cssVar } from './design-tokens.ts'
import { escapeHtml } from './escape-html.ts'
import { companySizes, formCopy, staticFormCopy } from './form-copy.ts'
import { formRules } from './form-styles.ts'

export interface StaticFormOptions {
  /** Where the privacy notice under the button leads, as the element's `privacy-url`. */
  privacyUrl: string
}

type FormClasses = Record<keyof typeof formRules, string>

// goober writes the CSS into `target`: a detached element in a browser, a plain sheet in Node.
function compile(): { classes: FormClasses; cssText: string } {
  const inBrowser = typeof window === 'object'
  const sheet = { data: '' }
  const target = inBrowser ? document.createElement('div') : sheet
  const classes = Object.fromEntries(
    Object.entries(formRules).map(([name, rules]) => [
      name,
      gooberCss.call({ target: target as HTMLElement }, rules),
    ]),
  ) as FormClasses
  const cssText = inBrowser ? ((target as HTMLElement).textContent ?? '') : sheet.data
  return { classes, cssText }
}

function textField(
  c: FormClasses,
  field: 'firstName' | 'lastName' | 'companyName',
  autoComplete: string,
): string {
  const copy = formCopy.fields[field]
  return `<div class="${c.field}"><label class="${c.label}" for="static-${field}" part="label">${escapeHtml(copy.label)}</label><input id="static-${field}" class="${c.control}" part="input" type="text" autocomplete="${autoComplete}" placeholder="${escapeHtml(copy.placeholder)}" maxlength="${fieldLimits[field]}" disabled></div>`
}

/**
 * The form's markup, mirroring the React form element for element and part for part (the
 * honeypot and the toast region take no space and are left out), followed by the no-JavaScript
 * note.
 */
function formHtml(c: FormClasses, { privacyUrl }: StaticFormOptions): string {
  const size = formCopy.fields.companySize
  const options = [`<option value="">${escapeHtml(size.placeholder)}</option>`]
    .concat(companySizes.map((value) => `<option>${escapeHtml(value)}</option>`))
    .join('')
  return [
    `<div class="${c.root}" data-static-form>`,
    `<form class="${c.form}" part="form" aria-label="${escapeHtml(formCopy.label)}">`,
    `<div class="${c.row}">`,
    textField(c, 'firstName', 'given-name'),
    textField(c, 'lastName', 'family-name'),
    '</div>',
    textField(c, 'companyName', 'organization'),
    `<div class="${c.field}"><label class="${c.label}" for="static-companySize" part="label">${escapeHtml(size.label)}</label>`,
    `<div class="${c.selectBox}"><select id="static-companySize" class="${c.control} ${c.select}" part="select" required disabled>${options}</select></div></div>`,
    // type="button": a static form must never send the fields as a query string.
    `<button class="${c.submit}" part="submit" type="button" disabled>${escapeHtml(formCopy.submit)}</button>`,
    `<p class="${c.notice}">${escapeHtml(formCopy.privacy.text)} <a href="${escapeHtml(privacyUrl)}">${escapeHtml(formCopy.privacy.link)}</a></p>`,
    // Parsed as text, and never shown, where scripts run: only pages without JavaScript see it.
    `<noscript><p class="${c.notice}" role="note">${escapeHtml(staticFormCopy.needsJavaScript)}</p></noscript>`,
    '</form>',
    '</div>',
  ].join('')
}

// Disabled here only until React arrives, so they look as the live form does: the live form
// dims a disabled button for a submission in flight, and a disabled select is never :invalid,
// so its placeholder would lose its muted colour.
const staticOverrides = `[data-static-form] :disabled{opacity:1;cursor:default}[data-static-form] select{color:${cssVar('colorMuted')}}`

/** The static form's HTML and the CSS it needs, as separate strings. */
export function staticForm(options: StaticFormOptions): { html: string; css: string } {
  const { classes, cssText } = compile()
  return { html: formHtml(classes, options), css: `${cssText}${staticOverrides}` }
}

/**
 * A declarative shadow root holding the static form, to put inside `<demo-request>` in
 * prerendered HTML. The element keeps it until React's first render replaces it.
 */
export function staticFormTemplate(options: StaticFormOptions): string {
  const { html, css } = staticForm(options)
  return `<template shadowrootmode="open"><style>${css}</style>${html}</template>`
}
