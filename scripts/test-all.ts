// npm test: every stage, as many at once as the machine's cores allow. Each stage's output is
// held and printed whole when it ends, so two never interleave; the summary names each stage's
// time. A stage that keeps one core busy (a tsc, knip, the build's chain of Vite builds) runs
// beside another such; one that runs a worker per core (Vitest's projects, the browser runners)
// runs alone. Two of those at once loaded two cores about fifteen times over (e2e beside the
// engines' browsers), and the waits it stretched failed tests.
import { type ChildProcess, spawn } from 'node:child_process'
import { availableParallelism } from 'node:os'

interface Stage {
  /** The npm script it stands for, by which it is named. */
  script: string
  /** What it runs, where that is not the script itself. */
  command?: string[]
  /** The cores it keeps busy; every core where not given. */
  cores?: number
  /** Stages that must have passed first. */
  needs?: string[]
  /**
   * Stages of one group never run at once, even where the cores allow. The browser runners share
   * Vite's dependency cache (node_modules/.vite), which one run rewrites while another reads it.
   * The backend and e2e tests each start servers, databases and browsers for a worker per core.
   */
  group?: string
}

// In the order they start when their needs and the cores allow: the one-core stages first, two
// at a time, then the rest, longest first, so the run's tail is short stages. A stage that needs
// every core and waits only for them holds back every stage after it: otherwise the one-core
// stages would keep filling the cores it waits for.
const stages: Stage[] = [
  { script: 'build', cores: 1 },
  { script: 'typecheck', cores: 1 },
  { script: 'typecheck:function', cores: 1 },
  { script: 'lint', cores: 1 },
  // On the core the type checks leave while the build still runs.
  { script: 'build-storybook', cores: 1 },
  { script: 'test:e2e', needs: ['build'], group: 'servers' },
  // Its script type-checks the function first: here typecheck:function does, beside the build.
  {
    script: 'test:backend',
    command: ['vitest', 'run', '--project', 'backend'],
    needs: ['build'],
    group: 'servers',
  },
  { script: 'test:engines', needs: ['build'], group: 'vite' },
  // Its script builds the static Storybook after the stories: here build-storybook does, beside
  // the build. Two pages of one Chromium render the stories, each taking the next story file.
  {
    script: 'test:storybook',
    command: ['vitest', 'run', '--project', 'stories'],
    cores: 1,
    group: 'vite',
  },
  // Beside the stories rather than after the build, where it held back the e2e stage (which needs
  // both cores) while it kept one busy.
  { script: 'check:deploy', cores: 1, needs: ['build'] },
  // Short files of pure computation: on the core the deploy check leaves beside the stories,
  // rather than alone on both after them.
  { script: 'test:unit', cores: 1 },
  { script: 'test:browser', needs: ['build'], group: 'vite' },
]

const cores = Number(process.env.TEST_CORES || availableParallelism())
const coresOf = (stage: Stage) => Math.min(stage.cores ?? cores, cores)
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
    const [command, ...args] = stage.command
      ? ['npx', ...stage.command]
      : ['npm', 'run', '--silent', stage.script]
    const child = spawn(command as string, args, {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Held output is no terminal: colours only when the run itself prints to one.
      env: process.stdout.isTTY ? { FORCE_COLOR: '1', ...process.env } : process.env,
    })
    running.set(stage, child)
    console.log(`▶ npm run ${stage.script}${stage.command ? ` (${stage.command.join(' ')})` : ''}`)
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

const needsMet = (stage: Stage) => (stage.needs ?? []).every((need) => passed.has(need))

function coresFree(stage: Stage) {
  const busy = [...running.keys()]
  const busyCores = busy.reduce((sum, other) => sum + coresOf(other), 0)
  const busyGroup = busy.some((other) => stage.group && other.group === stage.group)
  return busyCores + coresOf(stage) <= cores && !busyGroup
}

// The first waiting stage that may start now, if any: none past one that needs every core and
// waits for nothing but them.
function nextToStart(waiting: Stage[]): Stage | undefined {
  for (const stage of waiting) {
    if (!needsMet(stage)) continue
    if (coresFree(stage)) return stage
    if (coresOf(stage) === cores) return undefined
  }
  return undefined
}

async function runAll(): Promise<void> {
  const waiting = [...stages]
  return new Promise((done) => {
    const next = () => {
      // After a failure nothing new starts; what runs finishes and is reported.
      while (!failed) {
        const stage = nextToStart(waiting)
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
  `npm test ${failed ? 'FAILED' : 'passed'} in ${secondsSince(startedAt)} s on ${cores} cores:`,
)
for (const { script, ok, seconds } of results)
  console.log(`  ${ok ? '✔' : '✘'} ${script} ${seconds} s`)
for (const { script } of skipped) console.log(`  - ${script} not run (an earlier stage failed)`)
process.exit(failed ? 1 : 0)
