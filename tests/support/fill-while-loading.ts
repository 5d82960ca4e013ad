// A script that fills the form while the page loads, as password managers and autofill
// extensions do: at a chosen moment after the form first shows, or after the live form has taken
// over from the static one. The functions marked "in the page" run there (Playwright's init script
// and evaluate, puppeteer's, WebDriver's execute), so each stands alone, using no import.
import { formCopy } from '#core/form-copy.ts'
import { companySizes, leadField, type RequiredFieldName } from '#core/lead-fields.ts'

/** The four fields, each filled its own way (see `fillWhileLoading`). */
interface FillValues {
  firstName: string
  lastName: string
  companyName: string
  companySize: string
}

/** When and what to fill, and the labels the fields are found by. */
export interface FillPlan {
  /** The moment the offset counts from: the form first shown (static or live), or the live form. */
  after: 'shown' | 'live'
  offsetMs: number
  values: FillValues
  labels: Record<keyof FillValues, string>
  /**
   * The page to open in a popup of this page, from the same origin, for a driver that cannot run
   * a script before a page's own (WebKitWebDriver); none when this runs as that script. A popup,
   * not a frame: the site's pages refuse to be framed (`frame-ancestors 'none'`).
   */
  popupUrl?: string
}

/** What a fill did: when, in ms since the form first showed, and which form it filled. */
interface FillRecord {
  filledAtMs?: number
  filled?: 'static' | 'live'
  /** When the live form was first seen alone, in ms since the form first showed. */
  liveAtMs?: number
}

/** A moment of the sweep: `offsetMs` after the form first shows, or after the live form does. */
export type FillMoment = Pick<FillPlan, 'after' | 'offsetMs'>

/**
 * The sweep: every `stepMs` from the moment the form shows to 300 ms after, across the take-over
 * wherever it falls, then moments after the live form has taken over, up to 400 ms later.
 */
export function fillMoments(stepMs: number): FillMoment[] {
  return [
    ...Array.from({ length: Math.floor(300 / stepMs) + 1 }, (_, step) => ({
      after: 'shown' as const,
      offsetMs: step * stepMs,
    })),
    ...[0, 10, 100, 400].map((offsetMs) => ({ after: 'live' as const, offsetMs })),
  ]
}

const fieldNames = ['firstName', 'lastName', 'companyName', 'companySize'] as const

/**
 * The plan for the sweep's `index`th moment: values of its own, under a company name that names
 * `run` and the moment, and a company size that changes from one moment to the next.
 */
export function fillPlan(moment: FillMoment, index: number, run: string, popupUrl?: string) {
  const tag = `${moment.after} ${moment.offsetMs}`
  const plan: FillPlan = {
    ...moment,
    values: {
      firstName: `Ada ${tag}`,
      lastName: `Lovelace ${tag}`,
      companyName: `Sweep ${run} ${tag}`,
      companySize: companySizes[index % companySizes.length] as string,
    },
    labels: Object.fromEntries(
      fieldNames.map((name) => [name, formCopy.fields[name].label]),
    ) as FillPlan['labels'],
  }
  return popupUrl ? { ...plan, popupUrl } : plan
}

/** One moment of a sweep: what was planned, what the script did, and what the send showed. */
export interface SweepPoint {
  plan: FillPlan
  record: FillRecord
  outcome: string
}

/**
 * The points whose lead was not stored exactly once with the values the script set, each
 * described with when it filled which form, what the visitor saw, and what was stored.
 */
export function missedPoints(points: SweepPoint[], stored: Record<string, string>[]): string[] {
  const column = (name: RequiredFieldName) => leadField(name).column
  return points.flatMap(({ plan, record, outcome }) => {
    const rows = stored.filter((row) => row[column('companyName')] === plan.values.companyName)
    const kept = fieldNames.every((name) => rows[0]?.[column(name)] === plan.values[name])
    if (rows.length === 1 && kept) return []
    const found = rows.map((row) => fieldNames.map((name) => row[column(name)]).join(' | '))
    return [
      `${plan.after} + ${plan.offsetMs} ms: filled the ${record.filled} form at ${record.filledAtMs?.toFixed(0)} ms (live at ${record.liveAtMs?.toFixed(0)} ms); shown "${outcome}"; stored [${found.join('; ')}]`,
    ]
  })
}

/** How many points filled the static form and how many the live one, for a test's report. */
export function sweepSummary(points: SweepPoint[]): string {
  const on = (form: string) => points.filter(({ record }) => record.filled === form).length
  return `${points.length} points: ${on('static')} filled the static form, ${on('live')} the live one`
}

/** `url` with `plan` in its query, for a tab whose init script is `fillWhileLoading()`. */
export function withFillPlan(url: string, plan: FillPlan): string {
  const address = new URL(url)
  address.searchParams.set('fill', JSON.stringify(plan))
  return address.href
}

/**
 * In the page: watches it for the form, then fills it `plan.offsetMs` after `plan.after`: First
 * Name by a plain `value` assignment and an `input` event (what React's value tracking missed),
 * Last Name through the native value setter and an `input` event, Company Name by a plain
 * assignment and no event at all, Company Size by `select.value` and a `change` event. Keeps what
 * it did in `window.fillRecord`, and the window it watches in `window.fillView`. Run as an init
 * script with no plan, it takes the plan from the address's `fill` parameter (`withFillPlan`),
 * and removes it before the page's own scripts run; without one it does nothing.
 */
export function fillWhileLoading(given?: FillPlan): void {
  let plan = given
  if (!plan) {
    const address = new URL(location.href)
    const text = address.searchParams.get('fill')
    if (!text) return
    plan = JSON.parse(text) as FillPlan
    address.searchParams.delete('fill')
    history.replaceState(history.state, '', address.href)
  }
  const { after, offsetMs, values, labels } = plan
  let view: Window = window
  if (plan.popupUrl) {
    view = window.open(plan.popupUrl, 'fill', 'popup,width=1000,height=900') as Window
  }
  const record: FillRecord = {}
  Object.assign(window, { fillRecord: record, fillView: view })
  // Through the popup's window each time: a window shows each document it navigates to.
  const root = () => view.document.querySelector('demo-request')?.shadowRoot
  const control = (label: string) => {
    const found = [...(root()?.querySelectorAll('label') ?? [])].find(
      (node) => node.textContent === label,
    )
    return found ? (root()?.getElementById(found.htmlFor) ?? null) : null
  }
  const liveAlone = () =>
    !!root()?.querySelector('form [name="firstName"]') &&
    !root()?.querySelector('[data-static-form], input:not([name])')
  const realm = view as typeof window

  let shownAt = 0
  let due = Number.POSITIVE_INFINITY
  // A timer loop, not a MutationObserver: it sees a popup's new document, and shadow roots too.
  const tick = () => {
    const now = performance.now()
    if (!shownAt && control(labels.firstName)) {
      shownAt = now
      if (after === 'shown') due = now + offsetMs
    }
    if (shownAt && record.liveAtMs === undefined && liveAlone()) {
      record.liveAtMs = now - shownAt
      if (after === 'live') due = now + offsetMs
    }
    if (record.filled === undefined && now >= due) {
      const first = control(labels.firstName) as HTMLInputElement
      first.value = values.firstName
      first.dispatchEvent(new realm.Event('input', { bubbles: true }))
      const last = control(labels.lastName) as HTMLInputElement
      const nativeSetter = Object.getOwnPropertyDescriptor(
        realm.HTMLInputElement.prototype,
        'value',
      )
      nativeSetter?.set?.call(last, values.lastName)
      last.dispatchEvent(new realm.Event('input', { bubbles: true }))
      ;(control(labels.companyName) as HTMLInputElement).value = values.companyName
      const size = control(labels.companySize) as HTMLSelectElement
      size.value = values.companySize
      size.dispatchEvent(new realm.Event('change', { bubbles: true }))
      record.filledAtMs = now - shownAt
      record.filled = liveAlone() ? 'live' : 'static'
    }
    if (record.filled === undefined || record.liveAtMs === undefined) setTimeout(tick)
  }
  tick()
}

// Each wait below runs in the page, not asked from Node: for a driver whose every question is a
// round trip (WebDriver's execute), asking every 20 ms was about 50 round trips a point through
// the driver, the browser and its page.

/** In the page: what `fillWhileLoading` did, once it has filled and seen the live form; null after 15 s. */
function fillFinished(): Promise<FillRecord | null> {
  const deadline = performance.now() + 15_000
  return new Promise((resolve) => {
    const check = () => {
      const record = (window as unknown as { fillRecord?: FillRecord }).fillRecord
      if (record?.filled && record.liveAtMs !== undefined) resolve(record)
      else if (performance.now() > deadline) resolve(null)
      else setTimeout(check, 20)
    }
    check()
  })
}

/**
 * In the page: presses the live form's button, as a visitor who sends what they see, then the
 * send's outcome once there is one (the toast's title, or the messages); null after 15 s.
 */
function sendAndAwaitOutcome(): Promise<string | null> {
  const view = (window as unknown as { fillView: Window }).fillView
  const root = () => view.document.querySelector('demo-request')?.shadowRoot
  root()?.querySelector<HTMLButtonElement>('form button[type="submit"]')?.click()
  const deadline = performance.now() + 15_000
  return new Promise((resolve) => {
    const check = () => {
      const toast = root()?.querySelector('[data-toast]')
      const messages = [...(root()?.querySelectorAll('[data-error-for]') ?? [])]
      const outcome = toast
        ? toast.textContent
        : messages.map((node) => node.textContent).join('; ')
      if (outcome) resolve(outcome)
      else if (performance.now() > deadline) resolve(null)
      else setTimeout(check, 20)
    }
    check()
  })
}

/**
 * One point of a sweep, its page loaded with `plan`: what the fill did, then, once the live form
 * shows, the outcome of pressing its button. `inPage` runs a function in the page and resolves
 * to what it resolves to, in whichever driver holds the page.
 */
export async function sendAtPoint(
  inPage: <T>(script: () => Promise<T>) => Promise<T>,
  plan: FillPlan,
): Promise<SweepPoint> {
  const moment = `${plan.after} + ${plan.offsetMs} ms`
  const record = await inPage(fillFinished)
  if (!record) throw new Error(`${moment}: not filled, or no live form, in 15 s`)
  const outcome = await inPage(sendAndAwaitOutcome)
  if (!outcome) throw new Error(`${moment}: no toast or message 15 s after Send`)
  return { plan, record, outcome }
}
