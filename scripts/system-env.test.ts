import { describe, expect, it } from 'vitest'
import { denoEnv, systemEnv } from './system-env.ts'

const machine = {
  PATH: '/usr/bin',
  HOME: '/home/sales',
  DENO_DIR: '/cache/deno',
  SSL_CERT_FILE: '/etc/ssl/certs/ca-certificates.crt',
  SSL_CERT_DIR: '/etc/ssl/certs',
  NODE_EXTRA_CA_CERTS: '/etc/ssl/firm-ca.pem',
  DENO_CERT: '/etc/ssl/firm-ca.pem',
  HTTPS_PROXY: 'http://proxy.firm.example:3128',
  http_proxy: 'http://proxy.firm.example:3128',
  NO_PROXY: 'localhost,127.0.0.1',
  // The run's own settings, which a child given its own environment must not inherit.
  DATABASE_URL: 'postgresql://secret@db.example/leads',
  RESEND_API_KEY: 're_secret',
  CI: 'true',
}

describe('systemEnv', () => {
  it("passes on the machine's places, certificate authorities and proxies, and nothing else", () => {
    const { DATABASE_URL, RESEND_API_KEY, CI, ...expected } = machine
    expect(systemEnv(machine)).toEqual(expected)
  })
})

describe('denoEnv', () => {
  it("has Deno trust the system's store as well as its own", () => {
    expect(denoEnv(machine).DENO_TLS_CA_STORE).toBe('system,mozilla')
    expect(denoEnv(machine).SSL_CERT_FILE).toBe(machine.SSL_CERT_FILE)
  })

  it("keeps the operator's own choice of store", () => {
    expect(denoEnv({ ...machine, DENO_TLS_CA_STORE: 'mozilla' }).DENO_TLS_CA_STORE).toBe('mozilla')
  })
})
