import { describe, expect, it } from 'vitest'
import { clientIp, supabaseClientIpHeader, trustedClientIpHeader } from './client-ip.ts'

const request = (headers: Record<string, string>) => new Request('http://localhost/', { headers })

describe('trustedClientIpHeader', () => {
  it('is the configured header, else Supabase’s on Supabase, else none', () => {
    const from = (vars: Record<string, string>) => trustedClientIpHeader((name) => vars[name])
    expect(from({ CLIENT_IP_HEADER: ' Fly-Client-IP ' })).toBe('fly-client-ip')
    expect(from({ SB_REGION: 'eu-central-1' })).toBe(supabaseClientIpHeader)
    expect(from({})).toBeNull()
  })
})

describe('clientIp', () => {
  const spoofed = {
    'cf-connecting-ip': '6.6.6.1',
    'x-real-ip': '6.6.6.2',
    'x-forwarded-for': '6.6.6.3',
  }

  it('ignores every address header unless one is trusted', () => {
    expect(clientIp(request(spoofed), null, '192.0.2.7')).toBe('192.0.2.7')
  })

  it('takes the trusted header’s value, and only that header', () => {
    expect(clientIp(request(spoofed), 'cf-connecting-ip', '10.0.0.1')).toBe('6.6.6.1')
    expect(clientIp(request({ 'x-real-ip': '6.6.6.2' }), 'cf-connecting-ip', '10.0.0.1')).toBe(
      '10.0.0.1',
    )
  })

  it('distrusts a list, which means the header was appended to', () => {
    const listed = request({ 'cf-connecting-ip': '6.6.6.1, 203.0.113.5' })
    expect(clientIp(listed, 'cf-connecting-ip', '10.0.0.1')).toBe('10.0.0.1')
  })
})
