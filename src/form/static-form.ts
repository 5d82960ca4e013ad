/**
 * The form as static HTML and CSS, for pages that show it before JavaScript: the prerendered site,
 * and a loader that paints it in the element's shadow root before React arrives. It is the live
 * form's own component, rendered to markup at build time (`drawing: 'static'`), and the CSS of
 * the same rules: the two cannot differ, and when React takes over nothing moves. A visitor types
 * into it at once; the element's first render carries what was typed over (element-form.tsx).
 */
import { css as gooberCss } from 'goober'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import type { FormFields } from '#core/contact-fields.ts'
import { escapeHtml } from '#core/escape-html.ts'
import type { Language } from '#core/languages.ts'
import { arrivedCopy } from '../copy/load-copy.ts'
import type { FunctionsInvoker } from '../submission/functions-client.ts'
import { DemoRequestForm } from './demo-request-form.tsx'
import { formRules, messageRules } from './form-styles.ts'

export interface StaticFormOptions {
  /** Where the privacy notice under the button leads, as the element's `privacy-url`. */
  privacyUrl: string
  /**
   * For a prerendered page: the form marked `data-static-form`, with a note, shown only where
   * scripts do not run, that sending needs JavaScript.
   */
  prerendered?: boolean
  /** The contact fields after the four (docs/requirements.md#contact-fields, DEMO_REQUEST_FIELDS); none by default. */
  fields?: FormFields
  /** The language of its words; English by default (the site is English). */
  language?: Language
}

// The static drawing sends nothing; a client is given only so that none is built from settings.
const sendsNothing: FunctionsInvoker = {
  invoke: () => Promise.reject(new Error('The static form sends nothing')),
}

// goober writes the CSS into `target`: a detached element in a browser, a plain sheet in Node. The
// class names are hashes of the rules' text, so these are the names the component used. The
// message box's rule only for a form that has one, so the others carry no CSS for it.
function compile(withMessage: boolean): string {
  const inBrowser = typeof window === 'object'
  const sheet = { data: '' }
  const target = inBrowser ? document.createElement('div') : sheet
  const rules = withMessage ? { ...formRules, ...messageRules } : formRules
  for (const text of Object.values(rules)) gooberCss.call({ target: target as HTMLElement }, text)
  return inBrowser ? ((target as HTMLElement).textContent ?? '') : sheet.data
}

function formHtml({ privacyUrl, prerendered, fields = [], language = 'en' }: StaticFormOptions) {
  // Rendered in one pass, which cannot wait for words to be fetched: the build fetches them first.
  const copy = arrivedCopy(language)
  if (!copy)
    throw new Error(`The ${language} copy has not arrived: await loadCopy('${language}') first`)
  const html = renderToStaticMarkup(
    createElement(DemoRequestForm, {
      privacyUrl,
      fields,
      functions: sendsNothing,
      drawing: 'static',
      language,
    }),
  )
    // The first option is the selected one anyway.
    .replace(/ selected=""/g, '')
  if (!prerendered) return html
  // Parsed as text, and never shown, where scripts run: only pages without JavaScript see it.
  const notice = /<p class="([^"]+)">/.exec(html)?.[1] ?? ''
  const note = `<noscript><p class="${notice}" role="note">${escapeHtml(copy.needsJavaScript)}</p></noscript>`
  return html
    .replace(/^<div class="([^"]+)"/, '<div class="$1" data-static-form')
    .replace('</form>', `${note}</form>`)
}

/** The static form's HTML and the CSS it needs, as separate strings. */
export function staticForm(options: StaticFormOptions): { html: string; css: string } {
  const withMessage = options.fields?.some(({ name }) => name === 'message') ?? false
  return { html: formHtml(options), css: compile(withMessage) }
}

/**
 * A declarative shadow root holding the static form, to put inside `<demo-request>` in
 * prerendered HTML. The element keeps it until its first render takes it over.
 */
export function staticFormTemplate(options: Omit<StaticFormOptions, 'prerendered'>): string {
  const { html, css } = staticForm({ ...options, prerendered: true })
  return `<template shadowrootmode="open"><style>${css}</style>${html}</template>`
}
