import type { ReportChoice } from '#core/console-api.ts'
import type { ConsoleContext } from '../console-context.ts'

/** `GET /report`: the signed-in person's own emailed report; the policies show no one else's. */
export function getReport({ run }: ConsoleContext): Promise<ReportChoice> {
  return run(async (tx, staff) => {
    const [row] = await tx.query<{ cadence: ReportChoice['cadence'] }>(
      'select cadence from public.console_report_choices where user_id = $1',
      [staff.userId],
    )
    return { cadence: row?.cadence ?? 'none' }
  })
}

/**
 * `PUT /report` `{ cadence }`: sets the person's own report, on the trail; the policies refuse a
 * row of anyone else's. Choosing again what is chosen changes nothing and records nothing.
 */
export function putReport(
  { run }: ConsoleContext,
  { cadence }: ReportChoice,
): Promise<ReportChoice> {
  return run(async (tx, staff) => {
    const [was] = await tx.query<{ cadence: ReportChoice['cadence'] }>(
      'select cadence from public.console_report_choices where user_id = $1',
      [staff.userId],
    )
    const before = was?.cadence ?? 'none'
    if (before === cadence) return { cadence }
    if (cadence === 'none') {
      await tx.query('delete from public.console_report_choices where user_id = $1', [staff.userId])
    } else {
      await tx.query(
        `insert into public.console_report_choices (user_id, cadence) values ($1, $2)
          on conflict (user_id) do update set cadence = excluded.cadence, chosen_at = now()`,
        [staff.userId, cadence],
      )
    }
    await tx.query("select public.console_audit_record('report_change', null, $1)", [
      JSON.stringify({ report: cadence, was: before }),
    ])
    return { cadence }
  })
}
