import type { Meta, StoryObj } from '@storybook/react-vite'
import { type CSSProperties, useEffect, useRef } from 'react'
import { expect, fn, waitFor } from 'storybook/test'
import { formCopy } from '#core/form-copy.ts'
import { allCopies } from '../src/copy/load-copy.ts'
import { sampleLead } from '../tests/support/sample-lead.ts'
import type { DemoRequestElement } from '../widget/demo-request-element.ts'
import '../widget/define.ts'
import { standInRequestId } from '../tests/support/function-replies.js'
import {
  elementAttributes,
  elementCssParts,
  elementCssProperties,
  elementEvents,
  elementMethods,
  tagName,
} from '../widget/element-api.ts'
import { expectMessages, expectToast, expectValues, fields, fillIn, submit } from './form-steps.ts'
import { answerFunctionRequests, standInUrl } from './stand-in-functions.ts'

// Args are keyed by the element's own names: attributes, event types and custom properties.
type ElementArgs = Record<string, unknown>

const attributeNames: string[] = elementAttributes.map(({ name }) => name)
const cssProperties = elementCssProperties()
const propertyNames: string[] = cssProperties.map(({ name }) => name)
const eventNames: string[] = elementEvents.map(({ name }) => name)

function pick(args: ElementArgs, names: string[]): Record<string, string> {
  const entries = names.map((name) => [name, args[name]])
  return Object.fromEntries(entries.filter((entry) => typeof entry[1] === 'string' && entry[1]))
}

// Docs read descriptions as Markdown, where the underscores of VITE_SUPABASE_URL italicise.
function asMarkdown(text: string): string {
  return text.replace(/\b(VITE_\w+)/g, '`$1`')
}

/** The element as a page writes it; its events reach the Actions panel through the args. */
function DemoRequestElementStory(args: ElementArgs) {
  const ref = useRef<HTMLElement>(null)
  useEffect(() => {
    const element = ref.current
    if (!element) return
    const forward = (event: Event) => {
      const handler = args[event.type]
      if (typeof handler === 'function') handler((event as CustomEvent).detail)
    }
    for (const name of eventNames) element.addEventListener(name, forward)
    return () => {
      for (const name of eventNames) element.removeEventListener(name, forward)
    }
  }, [args])
  return (
    <demo-request
      ref={ref}
      {...pick(args, attributeNames)}
      style={pick(args, propertyNames) as CSSProperties}
    />
  )
}

/** The `fn()` an event reaches, for play functions to check what the element dispatched. */
function listener(args: object, name: string): unknown {
  return (args as ElementArgs)[name]
}

/** The form's root element inside the element's shadow root, once the element has rendered. */
async function formRootOf(canvasElement: HTMLElement): Promise<HTMLElement> {
  const shadowRoot = canvasElement.querySelector(tagName)?.shadowRoot
  await waitFor(() => expect(shadowRoot?.querySelector('form')).toBeTruthy())
  return shadowRoot?.firstElementChild as HTMLElement
}

const meta: Meta<ElementArgs> = {
  title: 'Widget/<demo-request>',
  tags: ['autodocs'],
  render: DemoRequestElementStory,
  // The element builds its own client from its attributes, so the stand-in answers the
  // function's URL in place of `fetch` while the story is shown.
  beforeEach: () => answerFunctionRequests(),
  args: {
    // Names the stand-in's reply; `.invalid` never resolves, so nothing leaves the machine.
    'supabase-url': standInUrl('success'),
    'publishable-key': 'sb_publishable_storybook',
    source: 'storybook',
    ...Object.fromEntries(eventNames.map((name) => [name, fn()])),
  },
  argTypes: Object.fromEntries([
    ...elementAttributes.map(({ name, description }) => [
      name,
      { description: asMarkdown(description), control: 'text', table: { category: 'attributes' } },
    ]),
    ...elementEvents.map(({ name, detail, description }) => [
      name,
      {
        description,
        control: false,
        table: { category: 'events', type: { summary: `CustomEvent<${detail}>` } },
      },
    ]),
    ...elementMethods.map(({ name, parameters, return: returns, description }) => [
      `${name}()`,
      {
        description,
        control: false,
        table: {
          category: 'methods',
          type: {
            summary: `(${parameters.map((p) => `${p.name}: ${p.type}`).join(', ')}) => ${returns}`,
          },
        },
      },
    ]),
    ...elementCssParts.map(({ name, description }) => [
      `::part(${name})`,
      { description, control: false, table: { category: 'CSS parts' } },
    ]),
    ...cssProperties.map(({ name, default: value }) => [
      name,
      {
        control: value.startsWith('#') ? 'color' : 'text',
        table: { category: 'CSS custom properties', defaultValue: { summary: value } },
      },
    ]),
  ]),
  parameters: {
    layout: 'padded',
    docs: {
      description: {
        component:
          'The form as partner pages embed it, in its own open shadow root. Set the attributes and the `--demo-request-*` custom properties below; events appear in the Actions panel. Scripts call its methods; host-page CSS styles its parts with `::part()`.',
      },
    },
  },
}

export default meta
type Story = StoryObj<ElementArgs>

export const Empty: Story = {}

// A partner's brand: every value set through the element's custom properties, nothing else.
export const Themed: Story = {
  args: {
    '--demo-request-color-primary': '#7a1f3d',
    '--demo-request-color-primary-hover': '#5c1730',
    '--demo-request-color-text': '#1f2933',
    '--demo-request-color-border': '#7b8794',
    '--demo-request-color-focus': '#7a1f3d',
    '--demo-request-font': "Georgia, 'Times New Roman', serif",
    '--demo-request-radius': '2px',
  },
  play: async ({ canvasElement }) => {
    const root = await formRootOf(canvasElement)
    const button = root.querySelector('button[type="submit"]') as HTMLElement
    expect(getComputedStyle(button).backgroundColor).toBe('rgb(122, 31, 61)')
  },
}

// The line under the button, pointed at a partner's own notice through privacy-url.
export const PrivacyNotice: Story = {
  args: { 'privacy-url': 'https://partner.example/privacy' },
  play: async ({ canvasElement }) => {
    const root = await formRootOf(canvasElement)
    const link = root.querySelector('form a')
    expect(link).toHaveTextContent(formCopy.privacy.link)
    expect(link).toHaveAttribute('href', 'https://partner.example/privacy')
    expect(link?.parentElement).toHaveTextContent(formCopy.privacy.text)
  },
}

export const AllRequired: Story = {
  play: async ({ canvasElement, args }) => {
    const root = await formRootOf(canvasElement)
    await submit(root)
    expectMessages(root, fields)
    expect(listener(args, 'demo-request-error')).toHaveBeenCalledWith({ kind: 'validation' })
  },
}

export const Success: Story = {
  play: async ({ canvasElement, args }) => {
    const root = await formRootOf(canvasElement)
    await fillIn(root, sampleLead)
    await submit(root)
    await expectToast(root, 'default', formCopy.success)
    expect(listener(args, 'demo-request-submit')).toHaveBeenCalledWith({})
    expect(listener(args, 'demo-request-success')).toHaveBeenCalledWith({
      requestId: standInRequestId,
    })
  },
}

export const ServerError: Story = {
  args: { 'supabase-url': standInUrl('serverError') },
  play: async ({ canvasElement, args }) => {
    const root = await formRootOf(canvasElement)
    await fillIn(root, sampleLead)
    await submit(root)
    await expectToast(root, 'destructive', formCopy.failure)
    expectValues(root, sampleLead)
    expect(listener(args, 'demo-request-error')).toHaveBeenCalledWith({ kind: 'server' })
  },
}

// A host page's script fills the form, here before the element's form is even ready: the call
// waits, and is applied before demo-request-ready.
export const Prefilled: Story = {
  play: async ({ canvasElement, args }) => {
    const element = canvasElement.querySelector(tagName) as DemoRequestElement
    element.prefill({ ...sampleLead })
    const root = await formRootOf(canvasElement)
    await waitFor(() => expectValues(root, sampleLead))
    await waitFor(() => expect(listener(args, 'demo-request-ready')).toHaveBeenCalledWith({}))
  },
}

// reset() after a failed submission: values, messages and toast gone.
export const Reset: Story = {
  args: { 'supabase-url': standInUrl('serverError') },
  play: async ({ canvasElement }) => {
    const root = await formRootOf(canvasElement)
    await fillIn(root, sampleLead)
    await submit(root)
    await expectToast(root, 'destructive', formCopy.failure)
    ;(canvasElement.querySelector(tagName) as DemoRequestElement).reset()
    await waitFor(() => expect(root.querySelector('[data-toast]')).toBeNull())
    expectValues(root, { firstName: '', lastName: '', companyName: '', companySize: '' })
  },
}

// A partner's touches through ::part(), where custom properties do not reach.
export const StyledParts: Story = {
  decorators: [
    (Story) => (
      <>
        <style>{`
          demo-request::part(label) { text-transform: uppercase; letter-spacing: 0.06em; }
          demo-request::part(submit) { border-radius: 999px; }
        `}</style>
        <Story />
      </>
    ),
  ],
  play: async ({ canvasElement }) => {
    const root = await formRootOf(canvasElement)
    const button = root.querySelector('[part="submit"]') as HTMLElement
    await waitFor(() => expect(getComputedStyle(button).borderTopLeftRadius).toBe('999px'))
    const label = root.querySelector('[part="label"]') as HTMLElement
    expect(getComputedStyle(label).textTransform).toBe('uppercase')
  },
}

/**
 * A partner's page in Spanish, with the one snippet every partner uses: the page says `lang="es"`,
 * and the form speaks Spanish, its messages and toast included, with nothing set on the element.
 */
export const SpanishPartnerPage: Story = {
  decorators: [
    (Story) => (
      <article lang="es">
        <h1>Despacho Martínez &amp; Asociados</h1>
        <p>
          Conozca cómo la inteligencia artificial puede ayudar a su firma. Agende una demostración.
        </p>
        <Story />
      </article>
    ),
  ],
  play: async ({ canvasElement }) => {
    const { es } = await allCopies()
    const root = await formRootOf(canvasElement)
    expect(root).toHaveAttribute('lang', 'es')
    const labels = [...root.querySelectorAll('label[part="label"]')].map((l) => l.textContent)
    expect(labels).toEqual(
      expect.arrayContaining([es.fields.firstName.label, es.fields.companySize.label]),
    )
    root.querySelector<HTMLButtonElement>('button[type="submit"]')?.click()
    await waitFor(() =>
      expect(root.querySelector('[data-error-for="firstName"]')).toHaveTextContent(
        es.messages.firstName.required,
      ),
    )
  },
}
