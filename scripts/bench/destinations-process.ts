// The destinations' stand-ins as a process of their own, for the backend section: at a thousand
// leads a second they take six requests a lead, work that in the bench's process would share the
// event loop with autocannon and slow the load it sends. Here it is metered apart, as the CPU a
// real destination spends on its own machines. GET / on PORT answers the settings that point
// the backend at them, and how many receipts each destination has; SIGTERM closes them.
import { createServer } from 'node:http'
import { destinationNames, startDestinations } from './destinations.ts'

const destinations = await startDestinations()
const control = createServer((_request, response) => {
  const receipts = destinations.receipts()
  const counts = Object.fromEntries(destinationNames.map((name) => [name, receipts[name].length]))
  response.writeHead(200, { 'content-type': 'application/json' })
  response.end(JSON.stringify({ env: destinations.env, counts }))
})
control.listen(Number(process.env.PORT), '127.0.0.1')
process.once('SIGTERM', () => {
  control.closeAllConnections()
  control.close()
  void destinations.close().then(() => process.exit(0))
})
