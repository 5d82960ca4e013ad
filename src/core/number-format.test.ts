import { afterEach, describe, expect, it, vi } from 'vitest'
import { leadFields } from './lead-fields.ts'

const { NumberFormat } = Intl

afterEach(() => {
  vi.unstubAllGlobals()
  vi.resetModules()
})

describe('numbers in the copy', () => {
  it('are formatted through Intl on the first string that quotes one, never as the copy loads', async () => {
    const made: string[] = []
    class CountedNumberFormat extends NumberFormat {
      constructor(locale?: string, options?: Intl.NumberFormatOptions) {
        super(locale, options)
        made.push(String(locale))
      }
    }
    vi.stubGlobal('Intl', Object.create(Intl, { NumberFormat: { value: CountedNumberFormat } }))
    vi.resetModules()
    const { en } = await import('./en.ts')
    const { es } = await import('../copy/es.ts')
    expect(en.messages.firstName.required).toBe('First name is required')
    expect(made).toEqual([])

    const max = new NumberFormat('en').format(leadFields.message.max)
    expect(en.messages.message.tooLong).toBe(`Message must be at most ${max} characters`)
    expect(es.companySizes['200+ employees']).toBe('200 o más empleados')
    // One formatter per language, made once, however many strings read it.
    expect(en.messages.firstName.tooLong).toBe('First name must be at most 100 characters')
    expect(made).toEqual(['en', 'es'])
  })
})
