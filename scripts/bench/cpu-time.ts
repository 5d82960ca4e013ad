import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

// /proc reports CPU time in USER_HZ ticks, which Linux fixes at 100 a second for user space.
const ticksPerSecond = 100

/** CPU seconds (user and system) a process has used, or null where /proc cannot tell. */
function processCpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null
  try {
    // The fields after the command name, which may itself hold spaces and parentheses.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond
  } catch {
    return null
  }
}

/** A PostgreSQL cluster's processes: its postmaster (from postmaster.pid) and its children. */
export function clusterPids(dataDir: string): number[] {
  const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster
      } catch {
        return false // gone since the listing
      }
    })
    .map(Number)
  return [postmaster, ...children]
}

/**
 * Starts counting the CPU time of the processes `pids()` lists; the returned function gives the
 * seconds they used since. A process that ends meanwhile drops out; one that starts counts from 0.
 */
export function startCpuMeter(pids: () => readonly number[]): () => number {
  const start = new Map(pids().map((pid) => [pid, processCpuSeconds(pid) ?? 0]))
  return () => {
    let used = 0
    for (const pid of new Set([...start.keys(), ...pids()])) {
      const now = processCpuSeconds(pid)
      if (now !== null) used += now - (start.get(pid) ?? 0)
    }
    return used
  }
}
