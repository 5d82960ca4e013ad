import { describe, expect, it } from 'vitest'
import { sampleContact, sampleStoredDemoRequest } from '../tests/support/sample-lead.ts'
import { leadsCsv, leadsTable } from './leads-format.ts'

// A company name with a comma and quotes, for the CSV quoting.
const lead = { ...sampleStoredDemoRequest, companyName: 'Babbage, "Lovelace" & Co' }

describe('leadsTable', () => {
  it('aligns a header, a rule and one line per lead', () => {
    const lines = leadsTable([lead, { ...lead, firstName: 'Grace', isSpam: true }]).split('\n')
    expect(lines).toHaveLength(4)
    expect(lines[0]).toMatch(/^created_at\s+first_name\s+last_name\s+company_name/)
    expect(lines[1]).toMatch(/^-+\s+-+/)
    expect(lines[2]).toContain('Ada')
    expect(lines[2]).toContain(lead.id)
    expect(lines[3]).toMatch(/Grace.*yes\s+pending/)
    expect(lines[2]?.indexOf('Lovelace')).toBe(lines[0]?.indexOf('last_name'))
  })

  it('shows where each lead came from, and its language: source, language and campaign', () => {
    const [header = '', line = ''] = leadsTable([{ ...lead, language: 'es' }])
      .split('\n')
      .filter((_, i) => i !== 1)
    expect(header).toMatch(/\bsource\s+language\s+campaign\s+spam\b/)
    expect(line.slice(header.indexOf('source'))).toMatch(
      /^widget\s+es\s+injury-defense-2026\s+no\b/,
    )
  })

  it('shows the contact fields some listed lead has, the message on one line', () => {
    expect(leadsTable([lead]).split('\n')[0]).not.toMatch(/\b(email|phone|role|message)\b/)
    const [header = '', , , line = ''] = leadsTable([
      lead,
      { ...lead, email: 'ada@lovelace.example', message: 'Two offices.\nAsk for Charles.' },
    ]).split('\n')
    expect(header).toMatch(/\bcompany_size\s+email\s+message\s+source\b/)
    expect(line.slice(header.indexOf('email'))).toMatch(
      /^ada@lovelace\.example\s+Two offices\. \/ Ask for Charles\.\s+widget/,
    )
  })

  it('says so when there are no leads', () => {
    expect(leadsTable([])).toBe('No demo requests yet.')
  })
})

describe('leadsCsv', () => {
  it('quotes commas and quotes, and ends every record with CRLF', () => {
    const csv = leadsCsv([lead])
    const [header, row, end] = csv.split('\r\n')
    expect(header?.split(',')[0]).toBe('created_at')
    expect(row).toContain('"Babbage, ""Lovelace"" & Co"')
    expect(row?.startsWith('2026-04-05T06:07:08.000Z,Ada,Lovelace,')).toBe(true)
    expect(end).toBe('')
  })

  it('carries the language the form was in, under language', () => {
    const [header = '', row = ''] = leadsCsv([{ ...lead, language: 'es' }]).split('\r\n')
    const at = header.split(',').indexOf('language')
    expect(at).toBeGreaterThan(0)
    expect(row.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)[at]).toBe('es')
  })

  it('carries the page, the referrer and every utm field', () => {
    const [header = '', row = ''] = leadsCsv([lead]).split('\r\n')
    const record = Object.fromEntries(
      header
        .split(',')
        .map((name, index) => [name, row.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)[index]]),
    )
    expect(record).toMatchObject({
      source: 'widget',
      language: 'en',
      campaign: 'injury-defense-2026',
      page_url: 'https://partner.example/contact',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'injury-defense-2026',
      utm_term: '',
      utm_content: '',
    })
  })

  it('defuses values a spreadsheet would run as formulas', () => {
    const row = leadsCsv([{ ...lead, firstName: '=HYPERLINK("x")', lastName: '+1' }]).split(
      '\r\n',
    )[1]
    expect(row).toContain(`"'=HYPERLINK(""x"")"`)
    expect(row).toContain(",'+1,")
  })

  it('always has the contact columns, neutralising a phone that starts with +', () => {
    const [header = '', row = ''] = leadsCsv([
      { ...lead, ...sampleContact, phoneE164: '+442079460000', companyName: 'Babbage' },
    ]).split('\r\n')
    // Every field of the catalogue past the table's, in its order, then the notification's times.
    expect(header).toMatch(
      /,company_size,source,.*,role,email,phone,phone_e164,message,utm_campaign,.*,notified_at,held_until$/,
    )
    expect(row).toMatch(
      /,Managing Partner,ada@lovelace\.example,'\+44 20 7946 0000,'\+442079460000,"Two offices, Austin and London\.\nAsk for Charles\.",injury-defense-2026,/,
    )
    expect(leadsCsv([lead]).split('\r\n')[0]).toBe(header)
  })

  it('shows which leads were held beyond the global limit, and until when', () => {
    const heldUntil = new Date('2026-04-05T06:10:00Z')
    const held = { ...lead, notificationStatus: 'held' as const, heldUntil }
    expect(leadsTable([held])).toMatch(/ held +/)
    expect(leadsCsv([held]).split('\r\n')[1]).toMatch(/,held,.*,2026-04-05T06:10:00\.000Z$/)
  })

  it('shows the rule a lead matched and its booking', () => {
    const booked = {
      ...lead,
      routeRule: 1,
      bookingState: 'booked' as const,
      bookingStart: new Date('2026-12-01T15:00:00Z'),
      bookingTimeZone: 'Europe/London',
      bookingProvider: 'cal' as const,
      bookingId: 'bk-1',
    }
    const [header = '', , line = ''] = leadsTable([booked, lead]).split('\n')
    expect(header).toMatch(/\bnotification\s+booking\s+id\b/)
    expect(line.slice(header.indexOf('booking'))).toMatch(/^booked 2026-12-01T15:00Z\s/)
    expect(leadsTable([lead]).split('\n')[0]).not.toMatch(/\bbooking\b/)
    const [csvHeader = '', row = ''] = leadsCsv([booked]).split('\r\n')
    expect(csvHeader).toContain(
      ',route_rule,booking_state,booking_start,booking_time_zone,booking_provider,booking_id,',
    )
    expect(row).toContain(',1,booked,2026-12-01T15:00:00.000Z,Europe/London,cal,bk-1,')
  })

  it.each([
    ['requested', 'requested'],
    ['awaiting_payment', 'awaiting payment'],
    ['rejected', 'rejected'],
    ['cancelled', 'cancelled'],
  ] as const)('shows a booking %s as "%s" in the table, as stored in the CSV', (state, words) => {
    const waiting = {
      ...lead,
      bookingState: state,
      bookingStart: new Date('2026-12-01T15:00:00Z'),
      bookingTimeZone: null,
      bookingProvider: 'cal' as const,
      bookingId: 'bk-1',
    }
    const [header = '', , line = ''] = leadsTable([waiting]).split('\n')
    expect(line.slice(header.indexOf('booking'))).toMatch(
      new RegExp(`^${words} 2026-12-01T15:00Z\\s`),
    )
    expect(leadsCsv([waiting]).split('\r\n')[1]).toContain(`,${state},2026-12-01T15:00:00.000Z,`)
  })
})
