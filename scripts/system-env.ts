// What a child process needs of this machine, and nothing of the run's own settings: where its
// programs and home are, and how the machine reaches the network. A firm's network often
// inspects TLS with a certificate authority of its own, placed in the system's store
// (SSL_CERT_FILE, SSL_CERT_DIR) and behind a proxy; a child that is not handed those cannot
// reach the npm registry, which is how a fresh machine's Deno failed with "invalid peer
// certificate: UnknownIssuer" while a warm cache hid it. Every test, bench and command that
// starts Deno, the Supabase CLI or a server with an environment of its own starts from here.

/** Settings a child reads to reach the network: certificate authorities and proxies. */
const networkSetting =
  /^(SSL_CERT_FILE|SSL_CERT_DIR|NODE_EXTRA_CA_CERTS|DENO_CERT|DENO_TLS_CA_STORE|(HTTPS?|ALL|NO)_PROXY)$/i

/** Where programs, the home folder, temporary files and Deno's cache are. */
const placeSetting = /^(PATH|HOME|TMPDIR|DENO_DIR)$/

/** The parent's places and network settings, for a child given an environment of its own. */
export function systemEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const picked: Record<string, string> = {}
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && (placeSetting.test(name) || networkSetting.test(name))) {
      picked[name] = value
    }
  }
  return picked
}

/**
 * The same for Deno, which trusts only its own copy of Mozilla's authorities unless told
 * otherwise: here it trusts the system's store as well, so an authority the firm added there
 * works as it does for curl, git and npm. A DENO_TLS_CA_STORE the operator set wins.
 */
export function denoEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return { DENO_TLS_CA_STORE: 'system,mozilla', ...systemEnv(env) }
}
