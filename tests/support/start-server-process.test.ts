import { describe, expect, it } from 'vitest'
import { freePort } from './free-port.ts'
import { startServerProcess } from './start-server-process.ts'

// Tiny servers in plain Node, so these tests start in milliseconds.
const node = (script: string, env: NodeJS.ProcessEnv = {}) => ({
  command: process.execPath,
  args: ['-e', script],
  env: { PATH: process.env.PATH, ...env },
})

const answering = `require('node:http')
  .createServer((request, response) => response.end(request.method))
  .listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'))`

describe('startServerProcess', () => {
  it('resolves once the URL answers, and stop() ends the process', async () => {
    const port = await freePort()
    const server = await startServerProcess({
      ...node(answering, { PORT: String(port) }),
      url: `http://127.0.0.1:${port}/`,
    })
    expect(await (await fetch(server.url)).text()).toBe('GET')
    await server.stop()
    expect(server.child.exitCode ?? server.child.signalCode).not.toBeNull()
    await expect(fetch(server.url)).rejects.toThrow()
  })

  // Vitest's own 5 s limit on the test proves it does not wait for the 60 s deadline.
  it('rejects with the output as soon as the process exits', async () => {
    await expect(
      startServerProcess({
        ...node("console.error('no database'); process.exit(3)"),
        url: 'http://127.0.0.1:9/',
        timeoutMs: 60_000,
      }),
    ).rejects.toThrow(/it exited with 3 \(pid \d+\)\nno database/)
  })

  // The deadline may pass before the process has even started Node, on a loaded machine: the
  // error's pid, not its output, says which process to look for.
  it('kills a process that never answers once the deadline passes', async () => {
    const error = await startServerProcess({
      ...node('setInterval(() => {}, 1000)'),
      url: 'http://127.0.0.1:9/',
      timeoutMs: 500,
    }).catch((reason: Error) => reason)
    expect(String(error)).toMatch(/timed out after 500 ms/)
    const pid = Number(/\(pid (\d+)\)/.exec(String(error))?.[1])
    expect(pid).toBeGreaterThan(0)
    expect(() => process.kill(pid, 0)).toThrow()
  })
})
