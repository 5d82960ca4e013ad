// Every destination's stand-in made unreliable as the proof asks: one request in ten
// answered with the service's own 500, at places fixed by a seed so a run can be repeated, and
// all of them down together for a while (each connection closed unanswered). A 500 rather than a
// limit's reply: a 429's Retry-After, or Salesforce's daily limit, pauses the whole destination,
// which is a limit's test, not a flaky service's.
import type { Destinations } from './destinations.ts'

// More answers than a run of a thousand leads asks for, retries and all; after them, every
// request is answered.
const scripted = 50_000

// mulberry32: a small seeded generator, so the failing requests are the same in every run.
function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Whether each of the next `count` requests fails: one in each ten, at a random place in it. */
function oneInTen(count: number, seed: number): boolean[] {
  const random = seeded(seed)
  const fails: boolean[] = []
  for (let block = 0; block < count; block += 10) {
    const failing = Math.floor(random() * 10)
    for (let index = 0; index < 10; index++) fails.push(index === failing)
  }
  return fails.slice(0, count)
}

// Pushes answers in slices: one call with tens of thousands of arguments may overflow the stack.
function scriptAll<T>(push: (...answers: T[]) => void, answers: T[]) {
  for (let start = 0; start < answers.length; start += 1000) {
    push(...answers.slice(start, start + 1000))
  }
}

/** Scripts one failure in ten into each stand-in of `destinations`, each on a seed of its own. */
export function failOneInTen({ standIns }: Destinations, seed = 50) {
  const { sales, slack, teams, hubspot, salesforce } = standIns
  const chat = (fails: boolean[]) =>
    fails.map((fail): 'fail' | 'accept' => (fail ? 'fail' : 'accept'))
  scriptAll(sales.script, chat(oneInTen(scripted, seed)))
  scriptAll(slack.script, chat(oneInTen(scripted, seed + 1)))
  scriptAll(teams.script, chat(oneInTen(scripted, seed + 2)))
  const api = (fails: boolean[]) => fails.map((fail) => (fail ? 'error' : null))
  scriptAll(hubspot.failNext, api(oneInTen(scripted, seed + 3)))
  scriptAll(salesforce.failNext, api(oneInTen(scripted, seed + 4)))
}

/** Takes every stand-in down (`true`) or brings it back; scripted failures resume after. */
export function setDown({ standIns }: Destinations, down: boolean) {
  const { sales, slack, teams, hubspot, salesforce } = standIns
  for (const chat of [sales, slack, teams]) chat.mode = down ? 'down' : 'accept'
  for (const api of [hubspot, salesforce]) api.mode = down ? 'down' : 'answer'
}
