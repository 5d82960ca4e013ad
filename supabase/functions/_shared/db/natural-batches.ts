// Natural batching: a call goes out at once while fewer than `concurrency` batches are out;
// beyond that, the calls that arrive wait and leave together as the next batch, as soon as one
// returns. A lone call waits for nothing, and the busier the database, the more each round trip
// carries. DataLoader batches by event-loop tick and bounds no concurrency, so it would delay a
// lone call and still open one query per tick; this is the few lines it takes.

/** How one batch is sent, and when a failed one is tried again a call at a time. */
export interface NaturalBatchesOptions<In, Out> {
  /** Sends `inputs` as one call; resolves with one output per input, in their order. */
  run: (inputs: In[]) => Promise<Out[]>
  /** Batches out at once: the connections there are to send them on. */
  concurrency: number
  /** Most calls in one batch. */
  maxBatch: number
  /**
   * Whether a batch that failed with `error` is sent again a call at a time, so that a call
   * which fails on its own does not fail the others with it.
   */
  splitOn: (error: unknown) => boolean
}

interface Waiting<In, Out> {
  input: In
  resolve: (output: Out) => void
  reject: (error: unknown) => void
}

/** One function that batches its calls naturally: see the note at the top of this file. */
export function naturalBatches<In, Out>({
  run,
  concurrency,
  maxBatch,
  splitOn,
}: NaturalBatchesOptions<In, Out>): (input: In) => Promise<Out> {
  const waiting: Waiting<In, Out>[] = []
  let out = 0

  const settle = async (batch: Waiting<In, Out>[]) => {
    try {
      const outputs = await run(batch.map((call) => call.input))
      if (outputs.length !== batch.length) {
        throw new Error(`A batch of ${batch.length} calls returned ${outputs.length} answers`)
      }
      for (const [index, call] of batch.entries()) call.resolve(outputs[index] as Out)
    } catch (error) {
      if (batch.length > 1 && splitOn(error)) {
        for (const call of batch) await settle([call])
      } else {
        for (const call of batch) call.reject(error)
      }
    }
  }

  const pump = () => {
    while (out < Math.max(1, concurrency) && waiting.length > 0) {
      out++
      void settle(waiting.splice(0, maxBatch)).finally(() => {
        out--
        pump()
      })
    }
  }

  return (input) =>
    new Promise<Out>((resolve, reject) => {
      waiting.push({ input, resolve, reject })
      pump()
    })
}
