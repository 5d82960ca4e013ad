// npm test: every stage, one at a time by default, or TEST_STAGES_AT_ONCE at a time. Each
// stage's output is held and printed whole when it ends, so two never interleave; the summary
// names each stage's time. Two at a time loaded two cores about fifteen times over (e2e beside
// the engines' browsers), and the waits it stretched failed tests: not the default until measured.
import { type ChildProcess, spawn } from 'node:child_process'

interface Stage {
  /** The npm script it runs. */
  script: string
  /** Stages that must have passed first. */
  needs?: string[]
  /**
   * Stages of one group never run at once. The browser runners share Vite's dependency cache
   * (node_modules/.vite), which one run rewrites while another reads it. The backend and e2e
   * tests each run two files at a time, each starting servers, databases and browsers: together
   * they would load two cores four times over, and stretch every wait in both.
   */
  group?: string
}

// In the order they start when their needs allow: the longest chains first, so the run's tail is
// short stages, not one long one beside an idle core.
const stages: Stage[] = [
  { script: 'build' },
  { script: 'typecheck' },
  { script: 'test:e2e', needs: ['build'], group: 'servers' },
  { script: 'lint' },
  { script: 'test:unit' },
  { script: 'test:backend', needs: ['build'], group: 'servers' },
  { script: 'test:engines', needs: ['build'], group: 'vite' },
  { script: 'test:storybook', group: 'vite' },
  { script: 'test:browser', needs: ['build'], group: 'vite' },
  { script: 'check:deploy', needs: ['build'] },
]

const slots = Number(process.env.TEST_STAGES_AT_ONCE ?? 1)
const running = new Map<Stage, ChildProcess>()
const passed = new Set<string>()
const results: { script: string; ok: boolean; seconds: number }[] = []
let failed = false
const startedAt = Date.now()

function secondsSince(since: number) {
  return Math.round((Date.now() - since) / 1000)
}

// Each stage in a process group of its own, so that stopping the run stops what it started.
function run(stage: Stage): Promise<boolean> {
  return new Promise((resolve) => {
    const since = Date.now()
    const output: Buffer[] = []
    const child = spawn('npm', ['run', '--silent', stage.script], {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Held output is no terminal: colours only when the run itself prints to one.
      env: process.stdout.isTTY ? { FORCE_COLOR: '1', ...process.env } : process.env,
    })
    running.set(stage, child)
    console.log(`▶ npm run ${stage.script}`)
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk))
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk))
    child.on('close', (code) => {
      running.delete(stage)
      const ok = code === 0
      const took = secondsSince(since)
      results.push({ script: stage.script, ok, seconds: took })
      process.stdout.write(Buffer.concat(output))
      console.log(
        `${ok ? '✔' : '✘'} npm run ${stage.script}: ${ok ? 'passed' : 'FAILED'} in ${took} s\n`,
      )
      resolve(ok)
    })
  })
}

function ready(stage: Stage, waiting: Stage[]) {
  const busyGroup = [...running.keys()].some((other) => stage.group && other.group === stage.group)
  return (
    !busyGroup && (stage.needs ?? []).every((need) => passed.has(need)) && waiting.includes(stage)
  )
}

async function runAll(): Promise<void> {
  const waiting = [...stages]
  return new Promise((done) => {
    const next = () => {
      // After a failure nothing new starts; what runs finishes and is reported.
      while (!failed && running.size < slots) {
        const stage = waiting.find((candidate) => ready(candidate, waiting))
        if (!stage) break
        waiting.splice(waiting.indexOf(stage), 1)
        run(stage).then((ok) => {
          if (ok) passed.add(stage.script)
          else failed = true
          next()
        })
      }
      if (running.size === 0) done()
    }
    next()
  })
}

function stopAll() {
  for (const child of running.values()) if (child.pid) process.kill(-child.pid, 'SIGTERM')
}
process.on('SIGINT', () => {
  stopAll()
  process.exit(130)
})
process.on('SIGTERM', () => {
  stopAll()
  process.exit(143)
})

await runAll()
const skipped = stages.filter((stage) => !results.some((result) => result.script === stage.script))
console.log(
  `npm test ${failed ? 'FAILED' : 'passed'} in ${secondsSince(startedAt)} s, ${slots} stages at a time:`,
)
for (const { script, ok, seconds } of results)
  console.log(`  ${ok ? '✔' : '✘'} ${script} ${seconds} s`)
for (const { script } of skipped) console.log(`  - ${script} not run (an earlier stage failed)`)
process.exit(failed ? 1 : 0)
