/** One reply the stand-ins give: a status and JSON body (after `delayMs`), or none at all. */
export type FunctionReply =
  | {
      status: number
      body: unknown
      delayMs?: number
      /** Given instead to the first POST of a run. */
      first?: { status: number; body: unknown }
      drop?: never
      never?: never
    }
  | { drop: true; status?: never; body?: never; delayMs?: never; never?: never }
  | { never: true; status?: never; body?: never; delayMs?: never; drop?: never }

export type FunctionReplyName =
  | 'success'
  | 'slowSuccess'
  | 'serverError'
  | 'unsuccessful'
  | 'noFlag'
  | 'invalidFields'
  | 'tamperedCompanySize'
  | 'network'
  | 'pending'
  | 'proofRefusedOnce'

/** The request id the success replies carry. */
export const standInRequestId: string

/** Each reply the form must handle, by name. */
export const functionReplies: Record<FunctionReplyName, FunctionReply>

/** A GET's answer: a 4-bit proof-of-work challenge shaped as the function's. */
export function standInChallenge(): { success: true; challenge: string }

/** The catalogue's names, for checking a name that came in a URL. */
export const functionReplyNames: FunctionReplyName[]
