import type { Env } from 'hono'
import * as v from 'valibot'
import {
  meetingOutcomes,
  pipelineStatuses,
  reportCadences,
  type StaffRole,
  staffRoles,
} from '#core/console-api.ts'
import { isRecord } from '#core/is-record.ts'
import { jsonBody } from '../http/json-body.ts'
import { invalid } from './console-reply.ts'
import { isLeadId } from './leads/lead-queries.ts'

// Every body is a small object: ten kilobytes is far past the largest (a partner's sources).
const maxBytes = 10_000

// A missing entry is read as null, so it is refused in its own words rather than the object's.
const present = <S extends v.GenericSchema>(schema: S) =>
  v.pipe(v.optional(v.unknown(), null), schema)

// The console's way of words: a 400 `invalid`, naming the first rule broken.
const refused = (issues: readonly v.BaseIssue<unknown>[]) => invalid(issues[0]?.message ?? '')

/**
 * A console route's JSON body, checked by `schema`; `expected` shows what a body looks like,
 * for one that is not a JSON object at all.
 */
export function consoleBody<S extends v.GenericSchema, E extends Env = Env>(
  schema: S,
  expected: string,
) {
  const notAnObject = `The body must be a JSON object like ${expected}.`
  return jsonBody<v.InferOutput<S>, E>(
    (input) => {
      if (!isRecord(input)) throw invalid(notAnObject)
      const result = v.safeParse(schema, input)
      if (result.success) return result.output
      throw refused(result.issues)
    },
    {
      maxBytes,
      refusals: {
        tooLarge: {
          status: 400,
          code: 'invalid',
          message: 'The body must be at most 10,000 bytes.',
        },
        invalidJson: { status: 400, code: 'invalid', message: notAnObject },
      },
    },
  )
}

/** `PATCH /leads/:id`. */
export const statusChange = v.object({
  status: present(
    v.picklist(pipelineStatuses, `status must be one of ${pipelineStatuses.join(', ')}.`),
  ),
})

/** `POST /leads/:id/meeting`. */
export const meetingMark = v.object({
  outcome: present(
    v.picklist(meetingOutcomes, `outcome must be one of ${meetingOutcomes.join(', ')}.`),
  ),
})

/** `POST /leads/:id/notes`: the note, trimmed. */
export const newNote = v.object({
  text: present(
    v.pipe(
      v.unknown(),
      v.transform((text) => (typeof text === 'string' ? text.trim() : '')),
      v.check(
        (note) => note.length >= 1 && note.length <= 2000,
        'text must be a note of 1 to 2,000 characters.',
      ),
    ),
  ),
})

/** `POST /leads/:id/owner`: the person of `GET /owners` to give the lead to. */
export const ownerChange = v.object({
  userId: present(
    v.pipe(
      v.unknown(),
      v.check(
        (id) => typeof id === 'string' && isLeadId(id),
        'userId must be the id of a person of the staff.',
      ),
      v.transform((id) => id as string),
    ),
  ),
})

/** `POST /erase`: a person named by email or by one lead id, not both. */
export const eraseRequest = v.pipe(
  v.object({ email: v.optional(v.unknown()), leadId: v.optional(v.unknown()) }),
  v.transform(({ email, leadId }) => ({
    email: typeof email === 'string' ? email.trim() : null,
    leadId: typeof leadId === 'string' ? leadId : null,
  })),
  v.check(
    ({ email, leadId }) => (email === null) !== (leadId === null) && email !== '',
    'Name the person to erase by email or by one lead id (leadId), not both.',
  ),
  v.check(({ leadId }) => leadId === null || isLeadId(leadId), 'leadId must be a lead id.'),
)

// A partner's sources are what it may count; the others count every source.
type RoleAndSources = { role?: unknown; sources?: unknown }
const knownRole = <T extends RoleAndSources>() =>
  v.check<T, string>(
    ({ role }) => staffRoles.includes(role as StaffRole),
    `role must be one of ${staffRoles.join(', ')}.`,
  )
const sourceList = <T extends RoleAndSources>() =>
  v.check<T, string>(
    ({ sources = [] }) =>
      Array.isArray(sources) &&
      sources.length <= 100 &&
      sources.every((source) => typeof source === 'string' && source.length <= 100),
    'sources must be a list of at most 100 source names.',
  )
const partnerSources = <T extends RoleAndSources>() =>
  v.check<T, string>(
    ({ role, sources }) => role !== 'partner' || (Array.isArray(sources) && sources.length > 0),
    'A partner needs the sources whose counts it sees.',
  )
const roleAndSourcesOf = ({ role, sources }: RoleAndSources) => ({
  role: role as StaffRole,
  sources: role === 'partner' ? (sources as string[]) : [],
})
const roleAndSources = { role: v.optional(v.unknown()), sources: v.optional(v.unknown()) }

/**
 * `PATCH /staff/:userId`: the role and sources, and whether they take leads in turn (left as it
 * was when not given; only owner and sales may, and a change to another role stops it).
 */
export const staffChange = v.pipe(
  v.object({ ...roleAndSources, takesLeads: v.optional(v.unknown()) }),
  knownRole(),
  sourceList(),
  partnerSources(),
  v.check(
    ({ takesLeads }) => takesLeads === undefined || typeof takesLeads === 'boolean',
    'takesLeads must be true or false.',
  ),
  v.check(
    ({ role, takesLeads }) => takesLeads !== true || role === 'owner' || role === 'sales',
    'Only the owner and sales take leads.',
  ),
  v.transform((change) => ({
    ...roleAndSourcesOf(change),
    takesLeads: change.takesLeads as boolean | undefined,
  })),
)

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** `POST /staff`: whom to invite, and as what. */
export const staffInvite = v.pipe(
  v.object({ email: v.optional(v.unknown()), ...roleAndSources }),
  v.transform(({ email, ...rest }) => ({
    email: typeof email === 'string' ? email.trim() : '',
    ...rest,
  })),
  v.check(
    ({ email }) => emailPattern.test(email) && email.length <= 320,
    'email must be an email.',
  ),
  knownRole(),
  sourceList(),
  partnerSources(),
  v.transform((invite) => ({ email: invite.email, ...roleAndSourcesOf(invite) })),
)

/** `POST /shared`: the share link's token, as its address carries it after `#`. */
export const sharedRequest = v.object({
  token: present(
    v.pipe(
      v.unknown(),
      v.check((token) => typeof token === 'string', "token must be the link's token."),
      v.transform((token) => token as string),
    ),
  ),
})

/** `PUT /report`. */
export const reportChoice = v.object({
  cadence: present(
    v.picklist(reportCadences, `cadence must be one of ${reportCadences.join(', ')}.`),
  ),
})
