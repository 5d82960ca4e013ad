// An attacker that solves the function's proofs of work at full speed: one process, one core,
// Node's native SHA-256, a new client address for every lead. Run by bot-defence-section.ts as
// `node --import tsx proof-attacker.ts <url> <leads> <deadline ms> <address header> <apikey>`; prints one JSON line with
// what each lead cost, measured in this process's own CPU time.

import { sampleSubmission } from '../../tests/support/sample-lead.ts'
import { solveProof } from '../../tests/support/solve-proof.ts'
import { rotatingAddress } from './client-addresses.ts'

/** One lead the attacker tried: the bits it was asked, its CPU-seconds, the answer. */
export interface AttackerLead {
  bits: number
  cpuSeconds: number
  status: number
}

const [url = '', leads = '0', deadline = '0', header = '', apikey = ''] = process.argv.slice(2)
const tried: AttackerLead[] = []
// Addresses from far beyond the bare flood's, so no client repeats.
for (let n = 1_000_000; tried.length < Number(leads) && Date.now() < Number(deadline); n++) {
  const address = { [header]: rotatingAddress(n), apikey }
  const started = process.cpuUsage()
  const { challenge } = await (await fetch(url, { headers: address })).json()
  const proof = solveProof(challenge)
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'proof-of-work': proof, ...address },
    body: JSON.stringify({ ...sampleSubmission, companyName: `Solver ${n}` }),
  })
  await response.body?.cancel()
  const used = process.cpuUsage(started)
  tried.push({
    bits: Number(challenge.split('.')[1]),
    cpuSeconds: (used.user + used.system) / 1e6,
    status: response.status,
  })
}
process.stdout.write(`${JSON.stringify(tried)}\n`)
