import { describe, expect, it } from 'vitest'
import { naturalBatches } from './natural-batches.ts'
import { failedInTheStatement } from './sql-errors.ts'

/** A run whose batches are held until released, recording what each carried. */
function heldRuns(fail?: (inputs: number[]) => unknown) {
  const batches: number[][] = []
  const releases: (() => void)[] = []
  const run = (inputs: number[]) => {
    batches.push(inputs)
    return new Promise<number[]>((resolve, reject) => {
      releases.push(() => {
        const error = fail?.(inputs)
        if (error) reject(error)
        else resolve(inputs.map((input) => input * 10))
      })
    })
  }
  const releaseAll = async () => {
    while (releases.length > 0) {
      releases.shift()?.()
      await new Promise((resolve) => setImmediate(resolve))
    }
  }
  return { run, batches, releaseAll }
}

const statementError = Object.assign(new Error('violates check constraint'), { code: '23514' })
const connectionLost = Object.assign(new Error('Connection terminated'), { code: '08006' })

describe('natural batches', () => {
  it('sends a lone call at once, and the calls that come meanwhile together after it', async () => {
    const { run, batches, releaseAll } = heldRuns()
    const call = naturalBatches({ run, concurrency: 1, maxBatch: 3, splitOn: () => false })
    const answers = [1, 2, 3, 4, 5, 6].map((input) => call(input))
    expect(batches).toEqual([[1]])
    await releaseAll()
    // At most maxBatch in one, in the order they came.
    expect(batches).toEqual([[1], [2, 3, 4], [5, 6]])
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40, 50, 60])
  })

  it('keeps `concurrency` batches out at once', async () => {
    const { run, batches, releaseAll } = heldRuns()
    const call = naturalBatches({ run, concurrency: 2, maxBatch: 10, splitOn: () => false })
    const answers = [1, 2, 3, 4].map((input) => call(input))
    expect(batches).toEqual([[1], [2]])
    await releaseAll()
    expect(batches).toEqual([[1], [2], [3, 4]])
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40])
  })

  it('tries a batch the statement failed for a call at a time, failing only the bad one', async () => {
    const { run, batches, releaseAll } = heldRuns((inputs) =>
      inputs.includes(3) ? statementError : undefined,
    )
    const call = naturalBatches({
      run,
      concurrency: 1,
      maxBatch: 10,
      splitOn: failedInTheStatement,
    })
    const answers = Promise.allSettled([1, 2, 3, 4].map((input) => call(input)))
    await releaseAll()
    expect(batches).toEqual([[1], [2, 3, 4], [2], [3], [4]])
    expect((await answers).map((answer) => answer.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ])
  })

  it('fails the whole batch at once when the database is in trouble, trying no part again', async () => {
    const { run, batches, releaseAll } = heldRuns((inputs) =>
      inputs.length > 1 ? connectionLost : undefined,
    )
    const call = naturalBatches({
      run,
      concurrency: 1,
      maxBatch: 10,
      splitOn: failedInTheStatement,
    })
    const answers = Promise.allSettled([1, 2, 3].map((input) => call(input)))
    await releaseAll()
    expect(batches).toEqual([[1], [2, 3]])
    expect((await answers).map((answer) => answer.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
    ])
  })
})

describe('a failure in the statement', () => {
  it("is PostgreSQL's refusal of it, not a connection, a cancel or a lack of resources", () => {
    expect(failedInTheStatement(statementError)).toBe(true)
    expect(failedInTheStatement({ code: 'P0001' })).toBe(true)
    expect(failedInTheStatement(connectionLost)).toBe(false)
    expect(failedInTheStatement({ code: '57014' })).toBe(false)
    expect(failedInTheStatement({ code: '53300' })).toBe(false)
    expect(failedInTheStatement({ code: 'ECONNREFUSED' })).toBe(false)
    expect(failedInTheStatement(new Error('Query read timeout'))).toBe(false)
    expect(failedInTheStatement(null)).toBe(false)
  })
})
