import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import {
  type ShareLinkRequest,
  shareLinkDays,
  shareLinkLifetimes,
} from '#core/share-link-request.ts'
import { consoleCopy } from '../console-copy.ts'
import { useConsoleApi, useConsoleDeps } from '../console-deps.ts'
import { shareUrl } from './share-address.ts'

const words = consoleCopy.share

const sourcesOf = (text: string) =>
  text
    .split(',')
    .map((source) => source.trim())
    .filter(Boolean)

/** What the form holds as a request: its days or fixed dates, sources and expiry. */
function requestOf(form: FormData): ShareLinkRequest {
  const days = String(form.get('days'))
  const expires = String(form.get('expires'))
  const fixed = days === 'custom'
  return {
    days: fixed ? null : (Number(days) as ShareLinkRequest['days']),
    from: fixed ? String(form.get('from') ?? '') : null,
    to: fixed ? String(form.get('to') ?? '') : null,
    sources: sourcesOf(String(form.get('sources') ?? '')),
    expiresInDays: expires === 'never' ? null : (Number(expires) as 7),
  }
}

/**
 * Makes a share link (owner and marketing; the database refuses the rest): its days, sources
 * and expiry, then the link itself, shown this once to copy.
 */
export function ShareLinkForm() {
  const api = useConsoleApi()
  const { redirectTo } = useConsoleDeps()
  const queries = useQueryClient()
  const [fixed, setFixed] = useState(false)
  const id = useId()
  const make = useMutation({
    mutationFn: (request: ShareLinkRequest) => api.makeShareLink(request),
    onSuccess: () => queries.invalidateQueries({ queryKey: ['share-links'] }),
  })
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    make.mutate(requestOf(new FormData(event.currentTarget)))
  }
  return (
    <section className="console-share-make" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{words.makeHeading}</h2>
      <p className="console-muted">{words.intro}</p>
      <form className="console-form" onSubmit={submit}>
        <label>
          {words.days}
          <select
            name="days"
            defaultValue="30"
            onChange={(event) => setFixed(event.target.value === 'custom')}
          >
            {[...shareLinkDays.map(String), 'custom'].map((choice) => (
              <option key={choice} value={choice}>
                {words.dayChoices[choice as keyof typeof words.dayChoices]}
              </option>
            ))}
          </select>
        </label>
        {fixed && (
          <>
            <label>
              {words.from}
              <input type="date" name="from" required />
            </label>
            <label>
              {words.to}
              <input type="date" name="to" required />
            </label>
          </>
        )}
        <label>
          {words.sources}
          <input name="sources" aria-describedby={`${id}-sources`} />
        </label>
        <p id={`${id}-sources`} className="console-muted">
          {words.sourcesHint}
        </p>
        <label>
          {words.expires}
          <select name="expires" defaultValue="30">
            {['never', ...shareLinkLifetimes.map(String)].map((choice) => (
              <option key={choice} value={choice}>
                {words.lifetimes[choice as keyof typeof words.lifetimes]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button--primary" disabled={make.isPending}>
          {make.isPending ? words.making : words.make}
        </button>
      </form>
      {make.isError && (
        <p className="console-problem" role="alert">
          {make.error.message}
        </p>
      )}
      {make.data && <MadeLink url={shareUrl(redirectTo, make.data.token)} />}
    </section>
  )
}

/** The link just made, to copy now: its token is never shown again. */
function MadeLink({ url }: { url: string }) {
  const [copied, setCopied] = useState(false)
  return (
    <div className="console-share-made">
      <h3>{words.madeHeading}</h3>
      <p className="console-muted">{words.madeNote}</p>
      <label>
        {words.linkLabel}
        <input readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
      </label>
      <button
        type="button"
        className="button button--outline"
        onClick={() => void navigator.clipboard?.writeText(url).then(() => setCopied(true))}
      >
        {words.copy}
      </button>
      <p className="console-live" role="status">
        {copied ? words.copied : ''}
      </p>
    </div>
  )
}
