/** One reply the stand-ins give: a status and JSON body (after `delayMs`), or none at all. */
export type FunctionReply =
  | { status: number; body: unknown; delayMs?: number; drop?: never; never?: never }
  | { drop: true; status?: never; body?: never; delayMs?: never; never?: never }
  | { never: true; status?: never; body?: never; delayMs?: never; drop?: never }

export type FunctionReplyName =
  | 'success'
  | 'slowSuccess'
  | 'serverError'
  | 'unsuccessful'
  | 'noFlag'
  | 'invalidFields'
  | 'network'
  | 'pending'

/** The request id the success replies carry. */
export const standInRequestId: string

/** Each reply the form must handle, by name. */
export const functionReplies: Record<FunctionReplyName, FunctionReply>

/** The catalogue's names, for checking a name that came in a URL. */
export const functionReplyNames: FunctionReplyName[]
