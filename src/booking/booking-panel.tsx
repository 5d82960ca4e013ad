import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { formCopy } from '../form-copy.ts'
import { adoptStyles } from '../style-sheet.ts'
import {
  type BookingPageKind,
  bookingReadyTimeoutMs,
  calReadyReply,
  frameUrl,
  readFrameMessage,
} from './booking-frame.ts'
import { bookingClasses } from './booking-panel-styles.ts'

export interface BookingPanelProps {
  provider: BookingPageKind
  /** The booking page, prefilled by the function; also what the new-tab link opens. */
  url: string
  /** The visitor booked, as the page said. Only a signed webhook changes the lead. */
  onBooked: () => void
  /** "Not now", or "Close" after a booking. */
  onClose: () => void
  /** How long the page has to speak before a link takes its place; 10 s unless a test says. */
  readyTimeoutMs?: number
}

/** loading → shown → booked; or blocked (a link) when the frame cannot show. */
type Stage = 'loading' | 'shown' | 'booked' | 'blocked'

const originOf = (address: string) => {
  try {
    return new URL(address).origin
  } catch {
    return undefined
  }
}

/**
 * The provider's booking page in the form's place, with its own heading, which takes the focus.
 * It speaks the provider's embed protocol itself (booking-frame.ts), trusting only messages
 * from its own frame's window and origin; where the frame is refused, fails or stays silent, it
 * offers the same page in a new tab.
 */
export function BookingPanel({
  provider,
  url,
  onBooked,
  onClose,
  readyTimeoutMs = bookingReadyTimeoutMs,
}: BookingPanelProps) {
  const classes = bookingClasses()
  const headingId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const frameRef = useRef<HTMLIFrameElement>(null)
  const [stage, setStage] = useState<Stage>(provider === 'link' ? 'blocked' : 'loading')
  const [height, setHeight] = useState<number>()
  const src = useMemo(
    () => (provider === 'link' ? undefined : frameUrl(provider, url, location.host)),
    [provider, url],
  )
  // The latest callback, so a parent's new function does not restart the frame's listeners.
  const booked = useRef(onBooked)
  booked.current = onBooked

  useLayoutEffect(() => {
    if (headingRef.current) adoptStyles(headingRef.current.getRootNode())
  })

  useEffect(() => {
    headingRef.current?.focus()
  }, [])

  // A layout effect: the listeners are in place before the frame's first message or a CSP
  // report about it can arrive, both of which come as later tasks.
  useLayoutEffect(() => {
    const frame = frameRef.current
    if (provider === 'link' || !src || !frame) return
    const origin = originOf(src)
    const view = frame.ownerDocument.defaultView
    let ready = false
    let done = false
    const fallBack = () => {
      if (done) return
      done = true
      setStage('blocked')
    }
    const timer = setTimeout(() => {
      if (!ready) fallBack()
    }, readyTimeoutMs)

    const onMessage = (event: MessageEvent) => {
      if (done || event.source !== frame.contentWindow || event.origin !== origin) return
      const signal = readFrameMessage(provider, event.data)
      if (!signal) return
      if (signal.kind === 'failed') return fallBack()
      if (signal.kind === 'booked') {
        done = true
        clearTimeout(timer)
        setStage('booked')
        booked.current()
        return
      }
      if (!ready) {
        ready = true
        clearTimeout(timer)
        setStage('shown')
      }
      if (signal.kind === 'ready' && provider === 'cal') {
        frame.contentWindow?.postMessage(calReadyReply, origin ?? '')
      }
      if (signal.kind === 'height') setHeight(signal.px)
    }
    // The partner page's own CSP may refuse the provider's origin as a frame.
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (event.effectiveDirective !== 'frame-src') return
      if (originOf(event.blockedURI) === origin) fallBack()
    }
    view?.addEventListener('message', onMessage)
    frame.ownerDocument.addEventListener('securitypolicyviolation', onViolation)
    return () => {
      clearTimeout(timer)
      view?.removeEventListener('message', onMessage)
      frame.ownerDocument.removeEventListener('securitypolicyviolation', onViolation)
    }
  }, [provider, src, readyTimeoutMs])

  const framed = src && (stage === 'loading' || stage === 'shown')
  return (
    <section
      className={classes.panel}
      aria-labelledby={headingId}
      part="booking"
      data-stage={stage}
    >
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className={classes.heading}>
        {formCopy.booking.heading}
      </h2>
      {stage === 'booked' ? (
        <p className={classes.confirmation} role="status">
          {formCopy.booking.booked}
        </p>
      ) : (
        <p className={classes.note}>{formCopy.booking.intro}</p>
      )}
      {stage === 'loading' && (
        <p className={classes.note} role="status">
          {formCopy.booking.loading}
        </p>
      )}
      {stage === 'blocked' && (
        <p className={classes.note}>
          {provider === 'link' ? formCopy.booking.linkOnly : formCopy.booking.blocked}{' '}
          <a href={url} target="_blank" rel="noopener noreferrer">
            {formCopy.booking.openInNewTab}
          </a>
        </p>
      )}
      {framed && provider !== 'link' && (
        <iframe
          ref={frameRef}
          src={src}
          title={formCopy.booking.frameTitle[provider]}
          className={classes.frame}
          data-state={stage}
          style={height === undefined ? undefined : { height: `${height}px` }}
        />
      )}
      <div className={classes.actions}>
        <button type="button" className={classes.button} onClick={onClose}>
          {stage === 'booked' ? formCopy.booking.close : formCopy.booking.notNow}
        </button>
      </div>
    </section>
  )
}
