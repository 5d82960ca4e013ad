/**
 * The form as static HTML and CSS, for pages that show it before (or without) JavaScript: the
 * prerendered site, and a loader that paints it in the element's shadow root before React
 * arrives. Same copy, same tokens, same goober class names as the live form, so when React takes
 * over nothing moves. On the prerendered page its fields are disabled and a note under the button
 * says sending needs JavaScript; the loader's copy is `interactive`, so a visitor types into it
 * while the full widget downloads, and the widget carries what was typed over.
 */
import { css as gooberCss } from 'goober'
import type { ContactField, FormFields } from './contact-fields.ts'
import { cssVar } from './design-tokens.ts'
import { escapeHtml } from './escape-html.ts'
import { formCopy, staticFormCopy } from './form-copy.ts'
import { formRules, messageRules } from './form-styles.ts'
import { companySizes, leadFields } from './lead-fields.ts'

export interface StaticFormOptions {
  /** Where the privacy notice under the button leads, as the element's `privacy-url`. */
  privacyUrl: string
  /**
   * Fields a visitor can type into, each with its field's name as id, and no no-JavaScript note:
   * for the loader, which paints this form at once and hands what was typed to React later.
   */
  interactive?: boolean
  /** The contact fields after the specification's four (DEMO_REQUEST_FIELDS); none by default. */
  fields?: FormFields
}

type FormClasses = Record<keyof typeof formRules, string> &
  Partial<Record<keyof typeof messageRules, string>>

// goober writes the CSS into `target`: a detached element in a browser, a plain sheet in Node.
// The message box's rule only for a form that has one, so the others carry no CSS for it.
function compile(withMessage: boolean): { classes: FormClasses; cssText: string } {
  const inBrowser = typeof window === 'object'
  const sheet = { data: '' }
  const target = inBrowser ? document.createElement('div') : sheet
  const rules = withMessage ? { ...formRules, ...messageRules } : formRules
  const classes = Object.fromEntries(
    Object.entries(rules).map(([name, rules]) => [
      name,
      gooberCss.call({ target: target as HTMLElement }, rules),
    ]),
  ) as FormClasses
  const cssText = inBrowser ? ((target as HTMLElement).textContent ?? '') : sheet.data
  return { classes, cssText }
}

// The prerendered page's controls are disabled; the loader's are enabled, with the field's name
// as id (the shadow root scopes it), which the hand-over to React reads.
const controlId = (interactive: boolean | undefined, field: string) =>
  interactive ? field : `static-${field}`

function textField(
  c: FormClasses,
  field: 'firstName' | 'lastName' | 'companyName',
  autoComplete: string,
  interactive: boolean | undefined,
): string {
  const copy = formCopy.fields[field]
  const id = controlId(interactive, field)
  return `<div class="${c.field}"><label class="${c.label}" for="${id}" part="label">${escapeHtml(copy.label)}</label><input id="${id}" class="${c.control}" part="input" type="text" autocomplete="${autoComplete}" placeholder="${escapeHtml(copy.placeholder)}" maxlength="${leadFields[field].max}"${interactive ? '' : ' disabled'}></div>`
}

// A contact field, as the live form renders it: its label says when it may be left empty.
function contactField(
  c: FormClasses,
  { name, required }: { name: ContactField; required: boolean },
  interactive: boolean | undefined,
): string {
  const copy = formCopy.fields[name]
  const place = leadFields[name].form
  const id = controlId(interactive, name)
  const label = required ? copy.label : `${copy.label} ${formCopy.optional}`
  const common = `id="${id}" part="input" placeholder="${escapeHtml(copy.placeholder)}" maxlength="${leadFields[name].max}"${interactive ? '' : ' disabled'}`
  const control =
    name === 'message'
      ? `<textarea class="${c.control} ${c.textarea}" ${common}></textarea>`
      : `<input class="${c.control}" type="text" autocomplete="${place.autocomplete}" inputmode="${'inputmode' in place ? place.inputmode : 'text'}" ${common}>`
  return `<div class="${c.field}"><label class="${c.label}" for="${id}" part="label">${escapeHtml(label)}</label>${control}</div>`
}

/**
 * The form's markup, mirroring the React form element for element and part for part (the
 * honeypot and the toast region take no space and are left out), followed by the no-JavaScript
 * note.
 */
function formHtml(
  c: FormClasses,
  { privacyUrl, interactive, fields = [] }: StaticFormOptions,
): string {
  const contact = (names: ContactField[]) =>
    fields
      .filter(({ name }) => names.includes(name))
      .map((field) => contactField(c, field, interactive))
      .join('')
  const size = formCopy.fields.companySize
  const sizeId = controlId(interactive, 'companySize')
  const options = [`<option value="">${escapeHtml(size.placeholder)}</option>`]
    .concat(companySizes.map((value) => `<option>${escapeHtml(value)}</option>`))
    .join('')
  return [
    `<div class="${c.root}" data-static-form>`,
    `<form class="${c.form}" part="form" aria-label="${escapeHtml(formCopy.label)}">`,
    `<div class="${c.row}">`,
    textField(c, 'firstName', 'given-name', interactive),
    textField(c, 'lastName', 'family-name', interactive),
    '</div>',
    contact(['email', 'phone']),
    textField(c, 'companyName', 'organization', interactive),
    contact(['role']),
    `<div class="${c.field}"><label class="${c.label}" for="${sizeId}" part="label">${escapeHtml(size.label)}</label>`,
    `<div class="${c.selectBox}"><select id="${sizeId}" class="${c.control} ${c.select}" part="select" required${interactive ? '' : ' disabled'}>${options}</select></div></div>`,
    contact(['message']),
    // type="button": a static form must never send the fields as a query string.
    `<button class="${c.submit}" part="submit" type="button"${interactive ? '' : ' disabled'}>${escapeHtml(formCopy.submit)}</button>`,
    `<p class="${c.notice}">${escapeHtml(formCopy.privacy.text)} <a href="${escapeHtml(privacyUrl)}">${escapeHtml(formCopy.privacy.link)}</a></p>`,
    // Parsed as text, and never shown, where scripts run: only pages without JavaScript see it.
    interactive
      ? ''
      : `<noscript><p class="${c.notice}" role="note">${escapeHtml(staticFormCopy.needsJavaScript)}</p></noscript>`,
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
  const withMessage = options.fields?.some(({ name }) => name === 'message') ?? false
  const { classes, cssText } = compile(withMessage)
  const css = options.interactive ? cssText : `${cssText}${staticOverrides}`
  return { html: formHtml(classes, options), css }
}

/**
 * A declarative shadow root holding the static form, to put inside `<demo-request>` in
 * prerendered HTML. The element keeps it until React's first render replaces it.
 */
export function staticFormTemplate(options: StaticFormOptions): string {
  const { html, css } = staticForm(options)
  return `<template shadowrootmode="open"><style>${css}</style>${html}</template>`
}
