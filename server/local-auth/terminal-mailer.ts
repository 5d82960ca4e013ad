import type { OneTimeKind } from './one-time-tokens.ts'

/** A sign-in or invite "sent" by the local auth: printed, and kept for tests to read. */
export interface AuthMail {
  email: string
  kind: OneTimeKind
  link: string
  code: string
  expiresAt: Date
}

/** Where the local auth's mail goes. */
export interface AuthMailer {
  send(mail: AuthMail): void
  /** Every mail sent so far, oldest first. */
  readonly sent: readonly AuthMail[]
}

const headings: Record<OneTimeKind, string> = {
  magiclink: 'Sign-in link',
  invite: 'Invitation',
}

/**
 * The local auth's mailer is the terminal running `npm start`: nothing leaves the machine, and
 * the person at the terminal passes the link on. `print` is console.log unless a test says.
 */
export function terminalMailer(print: (line: string) => void = console.log): AuthMailer {
  const sent: AuthMail[] = []
  return {
    sent,
    send(mail) {
      sent.push(mail)
      const until = mail.expiresAt.toLocaleTimeString()
      print(
        `${headings[mail.kind]} for ${mail.email} (works once, until ${until}): ${mail.link}\n  or the code ${mail.code}`,
      )
    },
  }
}
