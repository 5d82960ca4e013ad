/// <reference types="mocha" />
// Helpers the browser tests share: mounting the element, typing as a person would, and reading
// what the stand-in function received. The sample lead and the wait loop are tests/support's.
import type { FunctionReplyName } from '../support/function-replies.js'
import { sampleLead } from '../support/sample-lead.ts'
import { waitUntil } from '../support/wait-until.ts'

/** A reply from the one catalogue the stories use too. */
export type Scenario = FunctionReplyName

let runs = 0

/** A fresh run id, so each test reads only its own requests. */
export function newRun(): string {
  runs += 1
  return `run-${Date.now()}-${runs}`
}

export function standInUrl(scenario: Scenario, run: string): string {
  return `${location.origin}/stand-in/${scenario}/${run}`
}

export type RecordedRequest = { headers: Record<string, string>; body: Record<string, unknown> }

export async function recordedRequests(run: string): Promise<RecordedRequest[]> {
  const response = await fetch(`/stand-in-log/${run}`)
  return response.json()
}

/** Appends `<demo-request>` with the given attributes and waits for its form. */
export async function mountElement(attributes: Record<string, string>): Promise<HTMLElement> {
  const element = document.createElement('demo-request')
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  document.body.append(element)
  await waitUntil(() => element.shadowRoot?.querySelector('form'))
  return element
}

export function query<T extends Element>(root: ParentNode, selector: string): T {
  const found = root.querySelector<T>(selector)
  if (!found) throw new Error(`Nothing matches ${selector}`)
  return found
}

/** Sets a field's value the way a keystroke does, so React sees the change. */
export function typeInto(root: ParentNode, name: string, value: string): void {
  const field = query<HTMLInputElement | HTMLSelectElement>(root, `[name="${name}"]`)
  const prototype = field instanceof HTMLSelectElement ? HTMLSelectElement : HTMLInputElement
  Object.getOwnPropertyDescriptor(prototype.prototype, 'value')?.set?.call(field, value)
  field.dispatchEvent(
    new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
  )
}

/** Types the sample lead into the form. */
export function fillValid(root: ParentNode): void {
  for (const [name, value] of Object.entries(sampleLead)) typeInto(root, name, value)
}

export function fieldValues(root: ParentNode): Record<string, string> {
  return Object.fromEntries(
    Object.keys(sampleLead).map((name) => [
      name,
      query<HTMLInputElement>(root, `[name="${name}"]`).value,
    ]),
  )
}

export function submitButton(root: ParentNode): HTMLButtonElement {
  return query<HTMLButtonElement>(root, 'button[type="submit"]')
}

export function toast(root: ParentNode): HTMLElement | null {
  return root.querySelector<HTMLElement>('[data-toast]')
}

/** Collects the element's events, in order, for the assertions. */
export function recordEvents(target: EventTarget): Array<{ type: string; detail: unknown }> {
  const seen: Array<{ type: string; detail: unknown }> = []
  for (const type of ['demo-request-submit', 'demo-request-success', 'demo-request-error']) {
    target.addEventListener(type, (event) => {
      seen.push({ type, detail: (event as CustomEvent).detail })
    })
  }
  return seen
}
