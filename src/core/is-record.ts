/**
 * Whether `value` is a plain JSON object: not null, not an array. The one guard for unknown JSON
 * (a reply, a webhook's payload, a setting), so every reader draws the line in the same place.
 * No imports: the function uploads it under Deno.
 */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
