import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { BookingProvider } from '#core/next-step.ts'
import { useCopy } from '../copy/form-language.ts'
import { adoptStyles } from '../styles/style-sheet.ts'
import { bookingClasses } from './booking-panel-styles.ts'
import { frameProtocols } from './frame-protocols.ts'

/** How a booking page is shown: framed, speaking its provider's protocol, or only linked. */
type BookingPageKind = BookingProvider | 'link'

export interface BookingPanelProps {
  provider: BookingPageKind
  /** The booking page, prefilled by the function; also what the new-tab link opens. */
  url: string
  /** The scheduler accepted the booking, as the page said. Only a signed webhook changes the lead. */
  onBooked: () => void
  /** "Not now", or "Close" after a booking. */
  onClose: () => void
  /** The visitor opened the booking page's link, or chose "Not now": for the funnel's counts. */
  onEvent?: (entry: { event: 'booking-link-used' | 'not-now' }) => void
  /** How long a page may stay silent before the new-tab link shows beside it; 5 s unless a test says. */
  linkAfterMs?: number
}

/**
 * loading → shown → booked, requested (the host must confirm) or payment (the frame stays, for
 * the visitor to pay in); blocked (a link, no frame) when the browser refused the frame or the
 * page said it failed, and from the start for a page only linked.
 */
type Stage = 'loading' | 'shown' | 'booked' | 'requested' | 'payment' | 'blocked'

const framedStages: readonly Stage[] = ['loading', 'shown', 'payment']

// A slow line can take Calendly's page 8 s to draw; by 5 s a visitor may want another way in.
const bookingLinkAfterMs = 5_000

const originOf = (address: string) => {
  try {
    return new URL(address).origin
  } catch {
    return undefined
  }
}

/**
 * The provider's booking page in the form's place, with its own heading, which takes the focus.
 * It speaks the provider's embed protocol itself (frame-protocols.ts), trusting only messages
 * from its own frame's window. The frame is never taken away for being slow: after a while the
 * same page is offered in a new tab beside it, and the frame goes only when the browser refused
 * it or the page said it failed.
 */
export function BookingPanel({
  provider,
  url,
  onBooked,
  onClose,
  onEvent,
  linkAfterMs = bookingLinkAfterMs,
}: BookingPanelProps) {
  const classes = bookingClasses()
  const copy = useCopy().booking
  const headingId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const frameRef = useRef<HTMLIFrameElement>(null)
  const protocol = provider === 'link' ? undefined : frameProtocols[provider]
  const [stage, setStage] = useState<Stage>(protocol ? 'loading' : 'blocked')
  const [slow, setSlow] = useState(false)
  const [height, setHeight] = useState<number>()
  const src = useMemo(() => protocol?.frameUrl(url, location.host), [protocol, url])
  const link = useMemo(() => (protocol ? protocol.linkUrl(url) : url), [protocol, url])
  // The latest callback, so a parent's new function does not restart the frame's listeners.
  const booked = useRef(onBooked)
  booked.current = onBooked
  // The frame had the focus when it was taken away: the heading takes it back.
  const refocus = useRef(false)

  useLayoutEffect(() => {
    if (headingRef.current) adoptStyles(headingRef.current.getRootNode())
  })

  useEffect(() => {
    headingRef.current?.focus()
  }, [])

  useEffect(() => {
    if (!refocus.current || framedStages.includes(stage)) return
    refocus.current = false
    headingRef.current?.focus()
  }, [stage])

  // A layout effect: the listeners are in place before the frame's first message or a CSP
  // report about it can arrive, both of which come as later tasks.
  useLayoutEffect(() => {
    const frame = frameRef.current
    if (!protocol || !src || !frame) return
    const origin = originOf(src)
    const view = frame.ownerDocument.defaultView
    let ready = false
    let paying = false
    let done = false
    const settle = (next: Stage) => {
      done = true
      clearTimeout(timer)
      refocus.current = (frame.getRootNode() as Document | ShadowRoot).activeElement === frame
      setStage(next)
    }
    const timer = setTimeout(() => setSlow(true), linkAfterMs)

    // Trusted by window: only this frame's page is heard. Not by origin: the page may have been
    // redirected to another of its provider's origins (Cal.com moves a member's page to their
    // organization's acme.cal.com, which Cal.com's own embed is configured with from the start),
    // so the origin that spoke is the one answered.
    const onMessage = (event: MessageEvent) => {
      if (done || event.source !== frame.contentWindow || event.origin === 'null') return
      const signal = protocol.read(event.data)
      if (!signal) return
      if (signal.kind === 'failed') return settle('blocked')
      if (signal.kind === 'booking') {
        if (signal.outcome === 'payment') {
          paying = true
          setStage('payment')
          return
        }
        settle(signal.outcome)
        if (signal.outcome === 'booked') booked.current()
        return
      }
      if (signal.kind === 'ready' && protocol.readyReply !== undefined) {
        frame.contentWindow?.postMessage(protocol.readyReply, event.origin)
      }
      if (signal.kind === 'height') setHeight(signal.px)
      if (!ready) {
        ready = true
        clearTimeout(timer)
        if (!paying) setStage('shown')
      }
    }
    // The partner page's own CSP may refuse the provider's origin as a frame: the browser says so.
    // A page that refuses to be framed itself, or does not arrive, shows only the browser's error
    // page in the frame, which nothing in this page can tell apart; for that the link is offered.
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (event.effectiveDirective !== 'frame-src') return
      if (originOf(event.blockedURI) === origin) settle('blocked')
    }
    view?.addEventListener('message', onMessage)
    frame.ownerDocument.addEventListener('securitypolicyviolation', onViolation)
    return () => {
      clearTimeout(timer)
      view?.removeEventListener('message', onMessage)
      frame.ownerDocument.removeEventListener('securitypolicyviolation', onViolation)
    }
  }, [protocol, src, linkAfterMs])

  const framed = provider !== 'link' && framedStages.includes(stage)
  const notNow = stage !== 'booked' && stage !== 'requested'
  // Offered beside a slow frame, and kept there once offered; in place of a refused one.
  const linkShown = stage === 'blocked' || (framed && slow)
  const status = {
    loading: slow ? copy.slow : copy.loading,
    shown: copy.intro,
    booked: copy.booked,
    requested: copy.requested,
    payment: copy.payment,
    blocked: provider === 'link' ? copy.linkOnly : copy.blocked,
  }[stage]
  return (
    <section
      className={classes.panel}
      aria-labelledby={headingId}
      part="booking"
      data-stage={stage}
    >
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className={classes.heading}>
        {stage === 'requested' ? copy.requestedHeading : copy.heading}
      </h2>
      {/* One live region for the panel's life, so each change of its words is announced. */}
      <p className={stage === 'booked' ? classes.confirmation : classes.note} role="status">
        {status}
      </p>
      {linkShown && (
        <p className={classes.note}>
          <a
            href={link}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => onEvent?.({ event: 'booking-link-used' })}
          >
            {copy.openInNewTab}
          </a>
        </p>
      )}
      {framed && (
        <iframe
          ref={frameRef}
          src={src}
          title={copy.frameTitle[provider]}
          // Both providers take payments in their page (Cal.com's embed.ts allows it too).
          allow="payment"
          className={classes.frame}
          data-state={stage === 'loading' && protocol?.hiddenUntilReady ? 'hidden' : 'shown'}
          style={height === undefined ? undefined : { height: `${height}px` }}
        />
      )}
      <div className={classes.actions}>
        <button
          type="button"
          className={classes.button}
          onClick={() => {
            if (notNow) onEvent?.({ event: 'not-now' })
            onClose()
          }}
        >
          {notNow ? copy.notNow : copy.close}
        </button>
      </div>
    </section>
  )
}
