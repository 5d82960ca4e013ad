/// <reference types="mocha" />
// What the booking panel's browser tests share: the stand-in pages' origin and log, and the
// panel rendered as the widget renders it, in a shadow root.
import { executeServerCommand } from '@web/test-runner-commands'
import { createRoot, type Root } from 'react-dom/client'
import { BookingPanel, type BookingPanelProps } from '../../src/booking/booking-panel.tsx'
import type { StandInRecord } from '../support/booking-stand-in.ts'
import { waitUntil } from '../support/wait-until.ts'

type Origins = { origin: string; otherOrigin: string }
let origins: Promise<Origins> | undefined

const standInOrigins = () => {
  origins ??= executeServerCommand<Origins, undefined>('booking-stand-in')
  return origins
}

/** The stand-in booking pages' origin, a second origin to this page. */
export async function standInOrigin(): Promise<string> {
  return (await standInOrigins()).origin
}

/** The same pages on a third origin, where `${standInOrigin()}/redirect/…` leads. */
export async function standInOtherOrigin(): Promise<string> {
  return (await standInOrigins()).otherOrigin
}

let runs = 0

/** A request id of this test's own, by which its records in the stand-ins' log are found. */
export function newRequestId(): string {
  runs += 1
  return `req-${Date.now()}-${runs}`
}

/** Waits for the stand-ins to record `kind` for the page visited with `query[key] === value`. */
export async function standInRecord(
  kind: StandInRecord['kind'],
  key: string,
  value: string,
): Promise<StandInRecord> {
  const from = await standInOrigin()
  return waitUntil(
    async (signal) => {
      const log: StandInRecord[] = await (await fetch(`${from}/log`, { signal })).json()
      return log.find((record) => record.kind === kind && record.query[key] === value)
    },
    { what: `the stand-in's ${kind} of ${key}=${value}` },
  )
}

export interface RenderedPanel {
  host: HTMLElement
  shadow: ShadowRoot
  calls: { booked: number; closed: number }
  panel(): HTMLElement
  unmount(): void
}

let mounted: { root: Root; host: HTMLElement }[] = []

export async function renderPanel(
  props: Pick<BookingPanelProps, 'provider' | 'url'> & Partial<BookingPanelProps>,
): Promise<RenderedPanel> {
  const calls = { booked: 0, closed: 0 }
  const host = document.createElement('div')
  document.body.append(host)
  const shadow = host.attachShadow({ mode: 'open' })
  const root = createRoot(shadow)
  mounted.push({ root, host })
  root.render(
    <BookingPanel
      onBooked={() => {
        calls.booked += 1
      }}
      onClose={() => {
        calls.closed += 1
      }}
      {...props}
    />,
  )
  const panel = () => {
    const found = shadow.querySelector<HTMLElement>('section')
    if (!found) throw new Error('No panel')
    return found
  }
  await waitUntil(() => shadow.querySelector('section h2'))
  return { host, shadow, calls, panel, unmount: () => root.unmount() }
}

/** Unmounts every panel rendered so far; for afterEach. */
export function unmountPanels(): void {
  for (const { root, host } of mounted) {
    root.unmount()
    host.remove()
  }
  mounted = []
}

// 404 until the page is listening for commands.
async function command(name: 'confirm' | 'ready', key: string, value: string): Promise<void> {
  const from = await standInOrigin()
  const address = `${from}/${name}?${new URLSearchParams({ key, value })}`
  await waitUntil(async (signal) => (await fetch(address, { method: 'POST', signal })).ok, {
    what: `the stand-in page of ${key}=${value} to take ${name}`,
  })
}

/** Has the stand-in page visited with `query[key] === value` press its own Confirm. */
export const pressConfirm = (key: string, value: string) => command('confirm', key, value)

/** Has the stand-in page visited with `stand_in_hold` and `query[key] === value` speak at last. */
export const endHold = (key: string, value: string) => command('ready', key, value)

/**
 * Resolves with the first message from the panel's frame that `which` accepts, even one that
 * arrives once the panel has taken the frame away. Listening after the panel, it hears each message after the panel has: once it
 * resolves, the panel has read that message and every one before it.
 */
export function heardFromFrame(
  shadow: ShadowRoot,
  which: (data: unknown) => boolean,
): Promise<unknown> {
  const source = shadow.querySelector('iframe')?.contentWindow
  if (!source) throw new Error('The panel has no frame')
  return new Promise((resolve) => {
    addEventListener('message', function heard(event) {
      // A message posted just before its frame was removed arrives with no source.
      if ((event.source !== source && event.source !== null) || !which(event.data)) return
      removeEventListener('message', heard)
      resolve(event.data)
    })
  })
}
