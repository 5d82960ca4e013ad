import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { consoleCopy } from '../console-copy.ts'
import { useConsoleDeps } from '../console-deps.ts'
import { authProblem } from './auth-problem.ts'
import { resendWait } from './resend-wait.ts'

const words = consoleCopy.signIn

/**
 * Email, then the 6-digit code from the email (or its link, which comes back to /console).
 * Invited people only: `shouldCreateUser: false`, so an unknown email is refused, never signed up.
 */
export function SignInScreen({ notice }: { notice: string | null }) {
  const { auth, redirectTo } = useConsoleDeps()
  const [email, setEmail] = useState('')
  const [sentTo, setSentTo] = useState<string | null>(null)
  // Seconds until another email may be asked for, when one went out a moment ago.
  const [justSent, setJustSent] = useState<number | null>(null)
  const [problem, setProblem] = useState<string | null>(notice)
  const [busy, setBusy] = useState(false)
  const heading = useRef<HTMLHeadingElement>(null)
  const ids = { heading: useId(), problem: useId() }

  // Each step starts from its heading, so a screen reader hears where it is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on each step
  useEffect(() => {
    heading.current?.focus()
  }, [sentTo])

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setBusy(true)
    setProblem(null)
    const address = email.trim()
    const { error } = await auth
      .signInWithOtp({
        email: address,
        options: { shouldCreateUser: false, emailRedirectTo: redirectTo },
      })
      .catch((thrown: unknown) => ({ error: thrown }))
    setBusy(false)
    // Asked again too soon after the last email (an invitation, say), the person has a link
    // already: the next step is to open it, not to wait and ask for another.
    const wait = error ? resendWait(error) : null
    if (error && wait === null) {
      setProblem(authProblem(error, 'email'))
      return
    }
    setJustSent(wait)
    setSentTo(address)
  }

  async function verify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const token = String(new FormData(event.currentTarget).get('code') ?? '').replace(/\s/g, '')
    setBusy(true)
    setProblem(null)
    const { error } = await auth
      .verifyOtp({ email: sentTo ?? '', token, type: 'email' })
      .catch((thrown: unknown) => ({ error: thrown }))
    setBusy(false)
    // Signed in: the console follows supabase-js's SIGNED_IN and shows itself.
    if (error) setProblem(authProblem(error, 'code'))
  }

  const problemLine = problem && (
    <p id={ids.problem} className="console-problem" role="alert">
      {problem}
    </p>
  )
  const described = problem ? ids.problem : undefined

  return (
    <section className="console-sign-in" aria-labelledby={ids.heading}>
      {sentTo === null ? (
        <>
          <h1 id={ids.heading} ref={heading} tabIndex={-1}>
            {words.heading}
          </h1>
          <p>{words.intro}</p>
          {problemLine}
          <form key="email" onSubmit={send} className="console-form">
            <label>
              {words.email}
              <input
                type="email"
                name="email"
                autoComplete="email"
                required
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                aria-describedby={described}
              />
            </label>
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? words.sending : words.send}
            </button>
          </form>
        </>
      ) : (
        <>
          <h1 id={ids.heading} ref={heading} tabIndex={-1}>
            {words.sentHeading}
          </h1>
          <p>{justSent === null ? words.sent(sentTo) : words.justSent(sentTo, justSent)}</p>
          {problemLine}
          <form key="code" onSubmit={verify} className="console-form">
            <label>
              {words.code}
              <input
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="\s*(\d\s*){6}"
                required
                aria-describedby={described}
              />
            </label>
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? words.verifying : words.verify}
            </button>
          </form>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              setSentTo(null)
              setJustSent(null)
              setProblem(null)
            }}
          >
            {words.otherEmail}
          </button>
        </>
      )}
    </section>
  )
}
