import { tsImport } from 'tsx/esm/api'

// The `booking-stand-in` command: the stand-in Cal.com and Calendly pages
// (tests/support/booking-stand-in.ts) on a second origin, started once for the run and stopped
// with it; a test gets their two origins and reads what they recorded from `${origin}/log`. The
// runner's configuration is plain JavaScript, so the TypeScript module comes in through tsx.
export function bookingStandInCommand() {
  let standIn
  return {
    name: 'booking-stand-in',
    async executeCommand({ command }) {
      if (command !== 'booking-stand-in') return undefined
      if (!standIn) {
        const { startBookingStandIn } = await tsImport(
          '../support/booking-stand-in.ts',
          import.meta.url,
        )
        standIn = startBookingStandIn()
      }
      const { origin, otherOrigin } = await standIn
      return { origin, otherOrigin }
    },
    async serverStop() {
      await (await standIn)?.close()
    },
  }
}
