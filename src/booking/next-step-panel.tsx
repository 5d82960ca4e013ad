import { useEffect, useId, useLayoutEffect, useRef } from 'react'
import type { NextStep } from '#core/next-step.ts'
import { useCopy } from '../copy/form-language.ts'
import { adoptStyles } from '../styles/style-sheet.ts'
import { BookingPanel, type BookingPanelProps } from './booking-panel.tsx'
import { bookingClasses } from './booking-panel-styles.ts'

export interface NextStepPanelProps {
  step: NextStep
  /** The visitor booked, as the booking page said. */
  onBooked: () => void
  /** "Not now", "Close": the form comes back. */
  onClose: () => void
  onEvent?: BookingPanelProps['onEvent']
}

/** What takes the form's place after a send whose route offers a next step. */
export function NextStepPanel({ step, onBooked, onClose, onEvent }: NextStepPanelProps) {
  if (step.kind === 'message') return <MessagePanel text={step.text} onClose={onClose} />
  return (
    <BookingPanel
      provider={step.kind === 'link' ? 'link' : step.provider}
      url={step.url}
      onBooked={onBooked}
      onClose={onClose}
      onEvent={onEvent}
    />
  )
}

// A route's message, in the booking panel's frame: its own heading, which takes the focus.
function MessagePanel({ text, onClose }: { text: string; onClose: () => void }) {
  const classes = bookingClasses()
  const copy = useCopy().booking
  const headingId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)

  useLayoutEffect(() => {
    if (headingRef.current) adoptStyles(headingRef.current.getRootNode())
  })
  useEffect(() => {
    headingRef.current?.focus()
  }, [])

  return (
    <section className={classes.panel} aria-labelledby={headingId} part="booking">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className={classes.heading}>
        {copy.messageHeading}
      </h2>
      <p className={classes.note}>{text}</p>
      <div className={classes.actions}>
        <button type="button" className={classes.button} onClick={onClose}>
          {copy.close}
        </button>
      </div>
    </section>
  )
}
