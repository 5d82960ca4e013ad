import { describe, expect, it } from 'vitest'
import { parseFormFields } from '#core/contact-fields.ts'
import { formCopy } from '#core/form-copy.ts'
import { companySizes, requiredFieldNames } from '#core/lead-fields.ts'
import { allCopies } from '../copy/load-copy.ts'
import { staticForm, staticFormTemplate } from './static-form.ts'

const { html, css } = staticForm({ privacyUrl: '/privacy', prerendered: true })

describe('the static form', () => {
  it('shows every label, placeholder, size, the button and the privacy notice', () => {
    for (const { label, placeholder } of requiredFieldNames.map((name) => formCopy.fields[name])) {
      expect(html).toContain(`>${label}</label>`)
      expect(html).toContain(placeholder)
    }
    for (const size of companySizes) expect(html).toContain(`>${size}</option>`)
    expect(html).toContain(`>${formCopy.submit}</button>`)
    expect(html).toContain(
      `${formCopy.privacy.text} <a href="/privacy">${formCopy.privacy.link}</a>`,
    )
  })

  it('sends nothing: a plain button, no honeypot, no toasts', () => {
    expect(html).toContain('type="button"')
    expect(html).not.toContain('type="submit"')
    expect(html).not.toContain('aria-hidden')
    expect(html).not.toContain('aria-live')
  })

  it('names each control for its field, as the live form does, so what is typed carries over', () => {
    const names = [...html.matchAll(/<(?:input|select|textarea)\b[^>]* name="([^"]+)"/g)]
    expect(names.map(([, name]) => name)).toEqual([
      'firstName',
      'lastName',
      'companyName',
      'companySize',
    ])
  })

  it('exposes the same ::part() names as the live form, on the same elements', () => {
    const parts = [...html.matchAll(/<(\w+)\b[^>]* part="([^"]+)"/g)].map(
      ([, tag, part]) => `${tag}:${part}`,
    )
    expect(parts).toEqual([
      'form:form',
      'label:label',
      'input:input',
      'label:label',
      'input:input',
      'label:label',
      'input:input',
      'label:label',
      'select:select',
      'button:submit',
    ])
  })

  it('says, only where scripts do not run, that sending needs JavaScript', () => {
    expect(html).toMatch(
      new RegExp(`<noscript><p [^>]*>${formCopy.needsJavaScript}</p></noscript>`),
    )
  })

  it("says it in the form's language", async () => {
    const { es } = await allCopies()
    const spanish = staticForm({ privacyUrl: '/privacy', prerendered: true, language: 'es' }).html
    expect(spanish).toContain(`role="note">${es.needsJavaScript}</p></noscript>`)
    expect(spanish).not.toContain(formCopy.needsJavaScript)
  })

  it('has a CSS rule for every class it uses', () => {
    const classes = [...html.matchAll(/class="([^"]+)"/g)].flatMap(([, names = '']) =>
      names.split(' '),
    )
    expect(classes.length).toBeGreaterThan(10)
    for (const name of new Set(classes)) expect(css).toContain(`.${name}{`)
  })

  it('escapes the privacy URL it is given', () => {
    const template = staticFormTemplate({ privacyUrl: '/privacy?a=1&b="2"' })
    expect(template).toContain('href="/privacy?a=1&amp;b=&quot;2&quot;"')
    expect(template).toMatch(/^<template shadowrootmode="open"><style>/)
    expect(template).toMatch(/<div class="[^"]+" data-static-form>/)
  })

  it('without prerendered, as the loader paints it: no marker and no note, the same classes', () => {
    const loader = staticForm({ privacyUrl: '/privacy' })
    expect(loader.html).not.toContain('data-static-form')
    expect(loader.html).not.toContain('<noscript>')
    expect(loader.css).toBe(css)
    const classes = (markup: string) => [...markup.matchAll(/class="([^"]+)"/g)].map(([, c]) => c)
    expect(classes(loader.html)).toEqual(classes(html.replace(/<noscript>.*<\/noscript>/, '')))
  })

  it('shows the contact fields DEMO_REQUEST_FIELDS adds, where the live form has them', () => {
    const fields = parseFormFields('email,phone?,role,message?')
    const form = staticForm({ privacyUrl: '/privacy', fields })
    const names = [...form.html.matchAll(/<(?:input|select|textarea)\b[^>]* name="([^"]+)"/g)]
    expect(names.map(([, name]) => name)).toEqual([
      'firstName',
      'lastName',
      'email',
      'phone',
      'companyName',
      'role',
      'companySize',
      'message',
    ])
    const { email, phone, message } = formCopy.fields
    expect(form.html).toContain(`>${email.label}</label>`)
    expect(form.html).toContain(`>${phone.label} ${formCopy.optional}</label>`)
    expect(form.html).toMatch(/<input [^>]*autocomplete="email" inputmode="email"/i)
    expect(form.html).toMatch(/<textarea [^>]*part="input"[^>]*maxlength="1000"[^>]*><\/textarea>/i)
    expect(form.html).toContain(message.placeholder)
    // The message box's rule comes only with a message box.
    const textarea = /<textarea class="[^"]* (go\d+)"/.exec(form.html)?.[1]
    expect(form.css).toContain(`.${textarea}{`)
    expect(css).not.toContain(`.${textarea}{`)
  })

  it('is the required form (docs/requirements.md#fields), byte for byte, with no contact fields', () => {
    expect(staticForm({ privacyUrl: '/privacy', prerendered: true, fields: [] })).toEqual({
      html,
      css,
    })
  })
})
