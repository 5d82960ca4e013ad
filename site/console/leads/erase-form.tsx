import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { consoleCopy } from '../console-copy.ts'
import { useConsoleApi } from '../console-deps.ts'
import { EraseConfirm } from './erase-confirm.tsx'

const words = consoleCopy.people

/** Erasure of a person's data by email, in two steps: the email, then a confirmation. */
export function EraseForm() {
  const api = useConsoleApi()
  const [email, setEmail] = useState('')
  const [confirming, setConfirming] = useState<string | null>(null)
  const erase = useMutation({ mutationFn: (address: string) => api.erase({ email: address }) })
  const heading = useId()
  function next(event: FormEvent) {
    event.preventDefault()
    erase.reset()
    setConfirming(email.trim())
  }
  return (
    <section aria-labelledby={heading} className="console-card">
      <h2 id={heading} className="console-subheading">
        {words.erase}
      </h2>
      <p>{words.eraseIntro}</p>
      <form className="console-form" onSubmit={next}>
        <label>
          {words.eraseEmail}
          <input
            type="email"
            required
            autoComplete="off"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value)
              setConfirming(null)
            }}
          />
        </label>
        <button type="submit" className="button button--outline">
          {words.eraseNext}
        </button>
      </form>
      {confirming && (
        <EraseConfirm
          question={words.confirmErase(confirming)}
          pending={erase.isPending}
          onConfirm={() =>
            erase.mutate(confirming, {
              onSuccess: () => {
                setConfirming(null)
                setEmail('')
              },
            })
          }
          onCancel={() => setConfirming(null)}
        />
      )}
      <p
        className={erase.error ? 'console-problem' : 'console-live'}
        role={erase.error ? 'alert' : 'status'}
      >
        {erase.error ? erase.error.message : erase.isSuccess ? words.erased(erase.data.erased) : ''}
      </p>
    </section>
  )
}
