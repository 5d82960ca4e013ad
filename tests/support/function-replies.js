// The one catalogue of the send-demo-request function's replies that stand in for it without a
// backend: the browser tests' stand-in server (tests/browser/stand-in-function.js) and the
// stories' stand-in fetch (stories/stand-in-functions.ts) both answer from it. Plain JavaScript,
// because web-test-runner's config imports it into Node without a TypeScript loader.

const failure = (code, message, extra = {}) => ({
  success: false,
  error: { code, message, ...extra },
})

/** The request id the success replies carry. */
export const standInRequestId = 'stand-in-request'

/** Each reply the form must handle, by name. */
export const functionReplies = {
  /** 200 with `success: true` and a request id. */
  success: { status: 200, body: { success: true, requestId: standInRequestId } },
  /** The same, after 600 ms: long enough to see the form submitting. */
  slowSuccess: {
    status: 200,
    body: { success: true, requestId: standInRequestId },
    delayMs: 600,
  },
  /** HTTP 500 with the function's error body. */
  serverError: { status: 500, body: failure('internal', 'Stand-in server error') },
  /** 200 with `success: false` and an error message. */
  unsuccessful: { status: 200, body: failure('rejected', 'Stand-in refusal') },
  /** 200 with a JSON body that carries no success flag. */
  noFlag: { status: 200, body: { received: true } },
  /** 400 naming a field the function refused, as its validation does. */
  invalidFields: {
    status: 400,
    body: failure('invalid_fields', 'Some fields are invalid', {
      fields: { companyName: 'Company name is required' },
    }),
  },
  /**
   * 400 for a company size the form does not offer (a tampered select), as the function words
   * it: English words, and each field's code beside them for the form to word in its language.
   */
  tamperedCompanySize: {
    status: 400,
    body: failure('invalid_fields', 'Some fields are invalid', {
      fields: { companySize: 'Please select company size' },
      codes: { companySize: 'required' },
    }),
  },
  /** The connection drops: `fetch` rejects, as in a browser going offline. */
  network: { drop: true },
  /** No answer until the caller has given up (the form's timeout aborts the request). */
  pending: { never: true },
  /** A run's first POST refused as a spent or expired proof of work, the next ones success. */
  proofRefusedOnce: {
    status: 200,
    body: { success: true, requestId: standInRequestId },
    first: {
      status: 403,
      body: failure('proof_of_work_invalid', 'The proof of work is refused'),
    },
  },
}

let challenges = 0

/**
 * What a GET of the function hands out: a proof-of-work challenge shaped as the function's
 * (issued.bits.nonce.signature), of 4 bits, so solved in a few hashes. The stand-ins check only
 * that a POST carries a proof, not its hash, which is the function's own tests' business.
 */
export const standInChallenge = () => ({
  success: true,
  challenge: `${Math.floor(Date.now() / 1000)}.4.${String(++challenges).padStart(32, '0')}.${'0'.repeat(64)}`,
})

/** The catalogue's names, for checking a name that came in a URL. */
export const functionReplyNames = Object.keys(functionReplies)
