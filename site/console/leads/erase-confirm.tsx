import { useEffect, useRef } from 'react'
import { consoleCopy } from '../console-copy.ts'

const words = consoleCopy.people

/**
 * The second step of an erasure, by email or from a lead's page: what will go, "Erase for good"
 * (or `confirm`'s words, for another step that cannot be undone: revoking a share link) and
 * "Cancel". Focus moves to the confirmation as it appears: it is the next thing to read and
 * press.
 */
export function EraseConfirm({
  question,
  pending,
  onConfirm,
  onCancel,
  confirm = words.eraseForGood,
}: {
  question: string
  confirm?: string
  pending: boolean
  onConfirm: () => void
  onCancel: () => void
}) {
  const confirmButton = useRef<HTMLButtonElement>(null)
  useEffect(() => confirmButton.current?.focus(), [])
  return (
    <fieldset className="console-confirm">
      <legend>{question}</legend>
      <button
        ref={confirmButton}
        type="button"
        className="button button--danger"
        disabled={pending}
        onClick={onConfirm}
      >
        {confirm}
      </button>
      <button type="button" className="button button--ghost" onClick={onCancel}>
        {words.cancel}
      </button>
    </fieldset>
  )
}
