import type { BookingNoticeKey } from '../booking/booking-event.ts'
import type {
  BookingNotice,
  HeldDigest,
  LeadNotice,
  NotificationChannel,
  StatusNotice,
} from './notifier.ts'

/** One channel of one lead, claimed by a worker until its lease runs out. */
export interface ClaimedNotification {
  /** The lead as stored: the only source of what is sent. */
  lead: LeadNotice
  channel: NotificationChannel
  /** The attempt this claim is; only it may record a failure, so a stale worker cannot. */
  attempt: number
  /** Attempts since the row was last asked to be retried, this one included: the tries used. */
  tries: number
}

/** What to claim. */
export interface ClaimOptions {
  /** The channels configured now; other channels' rows are left alone. */
  channels: readonly NotificationChannel[]
  /** Only this lead's channels; every lead still to be told without it. */
  leadId?: string
  /** At most this many channels. */
  limit: number
  /** How long the claim keeps other workers away: longer than one attempt can take. */
  leaseSeconds: number
  /** Channels to pass over, as `leadId/channel`: those this run has already tried. */
  skip?: readonly string[]
  /** The clock's time: leases are compared with it and run from it. */
  now: Date
}

/** One channel of one window's digest of held leads, claimed like a lead's channel. */
export interface ClaimedDigest {
  digest: HeldDigest
  channel: NotificationChannel
  attempt: number
  tries: number
}

/** What digests to claim. */
interface DigestClaimOptions {
  channels: readonly NotificationChannel[]
  limit: number
  leaseSeconds: number
  /** Digests to pass over, as `heldUntil in ms/channel` ({@link digestClaimKey}). */
  skip?: readonly string[]
  /** The clock's time: windows over by then have their digest made; leases as for leads. */
  now: Date
}

/** One channel of one booking change, claimed like a lead's channel. */
export interface ClaimedBooking {
  booking: BookingNotice
  channel: NotificationChannel
  attempt: number
  tries: number
}

/** One channel of one lead's "sent but not booked" nudge, claimed like a lead's channel. */
export interface ClaimedNoBooking {
  lead: LeadNotice
  channel: NotificationChannel
  attempt: number
  tries: number
}

/** What nudges to claim: rows are made for leads past the delay that have not booked. */
interface NoBookingClaimOptions {
  channels: readonly NotificationChannel[]
  /** The rules of DEMO_REQUEST_ROUTES that send a lead to a booking page. */
  bookingRules: readonly number[]
  /** How long after the send a lead without a booking is nudged about. */
  delaySeconds: number
  limit: number
  leaseSeconds: number
  /** Nudges to pass over, as {@link noBookingClaimKey} names them. */
  skip?: readonly string[]
  now: Date
}

/** One CRM's row of a lead's status and meeting changes, claimed like a lead's channel. */
export interface ClaimedStatus {
  change: StatusNotice
  channel: NotificationChannel
  /** The row's version when claimed: a change made since is sent by a later claim. */
  changeId: string
  attempt: number
  tries: number
}

/** What status changes to claim. */
interface StatusClaimOptions {
  channels: readonly NotificationChannel[]
  limit: number
  leaseSeconds: number
  /** Rows to pass over, as {@link statusClaimKey} names them. */
  skip?: readonly string[]
  now: Date
}

/** What booking notifications to claim. */
interface BookingClaimOptions {
  channels: readonly NotificationChannel[]
  /** Only this change's channels; every change still to be told without it. */
  key?: BookingNoticeKey
  limit: number
  leaseSeconds: number
  /** Changes to pass over, as {@link bookingClaimKey} names them. */
  skip?: readonly string[]
  now: Date
}

/**
 * The outcome of one attempt. A failed row waits until `retryAt`; a dead one is not tried again
 * until someone asks for it.
 */
export type NotificationOutcome =
  | { status: 'sent' }
  | { status: 'failed'; error: string; retryAt: Date; dead: boolean }

/** The notification state of leads, kept apart from the leads themselves. */
export interface NotificationStore {
  /**
   * Claims channels still to be sent (never sent, or failed and past their `retryAt`, or claimed
   * by a worker whose lease ran out) of leads still pending or failed, fewest attempts first. Channels a lead has no row
   * for yet are added first. Two callers never get the same channel while a lease lasts.
   */
  claimDue(options: ClaimOptions): Promise<ClaimedNotification[]>
  /**
   * Records attempts' outcomes, in one transaction, and sums up each lead's state over
   * `channels` on the lead (`notificationStatus` is `sent` once every channel is, `notifiedAt`
   * then `now`). A sent channel stays sent. One call for a lead's channels tried together takes
   * its lead's lock once, rather than each channel queueing for it with a connection held.
   */
  recordOutcomes(
    results: readonly { claim: ClaimedNotification; outcome: NotificationOutcome }[],
    channels: readonly NotificationChannel[],
    now: Date,
  ): Promise<void>
  /**
   * Claims digests still to be sent for windows whose held leads' `heldUntil` has passed,
   * making a digest's rows on first sight. Two callers never get the same one while a lease
   * lasts.
   */
  claimDueDigests(options: DigestClaimOptions): Promise<ClaimedDigest[]>
  /** Records a digest attempt's outcome at `now`; a sent digest stays sent. */
  recordDigestOutcome(claim: ClaimedDigest, outcome: NotificationOutcome, now: Date): Promise<void>
  /**
   * Claims notifications of booking changes still to be sent (their rows are made when the
   * change is applied). Two callers never get the same one while a lease lasts.
   */
  claimDueBookings(options: BookingClaimOptions): Promise<ClaimedBooking[]>
  /** Records a booking notification attempt's outcome at `now`; a sent one stays sent. */
  recordBookingOutcome(
    claim: ClaimedBooking,
    outcome: NotificationOutcome,
    now: Date,
  ): Promise<void>
  /**
   * Claims "sent but not booked" nudges that are due, making their rows for leads routed to a
   * booking page that have not booked `delaySeconds` after they were sent (within a day of it).
   * A lead that has booked since is passed over. Two callers never get the same one.
   */
  claimDueNoBookings(options: NoBookingClaimOptions): Promise<ClaimedNoBooking[]>
  /** Records a nudge attempt's outcome at `now`; a sent one stays sent. */
  recordNoBookingOutcome(
    claim: ClaimedNoBooking,
    outcome: NotificationOutcome,
    now: Date,
  ): Promise<void>
  /**
   * Claims status changes still to be sent to the CRMs (their rows are made in the change's own
   * transaction). Two callers never get the same one while a lease lasts.
   */
  claimDueStatuses(options: StatusClaimOptions): Promise<ClaimedStatus[]>
  /**
   * Records a status attempt's outcome at `now`. A success of a change since replaced leaves the
   * row to be sent again with the newer status; a failure counts only for the change it tried.
   */
  recordStatusOutcome(claim: ClaimedStatus, outcome: NotificationOutcome, now: Date): Promise<void>
  /** Removes digests of windows a week older than `before`: past the week one can be made. */
  prune(before: Date): Promise<void>
}

/** How a claimed channel is named in {@link ClaimOptions.skip}. */
export const claimKey = (claim: Pick<ClaimedNotification, 'lead' | 'channel'>) =>
  `${claim.lead.id}/${claim.channel}`

/** How a claimed digest is named in {@link DigestClaimOptions.skip}. */
export const digestClaimKey = (claim: Pick<ClaimedDigest, 'digest' | 'channel'>) =>
  `${claim.digest.heldUntil.getTime()}/${claim.channel}`

/** How a claimed booking change is named in {@link BookingClaimOptions.skip}. */
export const bookingClaimKey = ({
  booking,
  channel,
}: Pick<ClaimedBooking, 'booking' | 'channel'>) =>
  `${booking.provider}/${booking.notice}/${channel}/${booking.bookingId}`

/** How a claimed nudge is named in {@link NoBookingClaimOptions.skip}. */
export const noBookingClaimKey = (claim: Pick<ClaimedNoBooking, 'lead' | 'channel'>) =>
  `${claim.lead.id}/${claim.channel}`

/** How a claimed status change is named in {@link StatusClaimOptions.skip}. */
export const statusClaimKey = (claim: Pick<ClaimedStatus, 'change' | 'channel'>) =>
  `${claim.change.lead.id}/${claim.channel}`
