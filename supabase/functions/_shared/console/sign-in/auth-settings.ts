// Where the console checks sign-ins and reaches Auth; read with the function's other settings
// (config/function-config.ts), used by the console alone.

/** Supabase Auth as the console function reaches it. */
export interface AuthSettings {
  /** `SUPABASE_URL`: the project's address, for its JWKS and Auth's admin API. */
  url: string | null
  /**
   * `AUTH_JWT_SECRET`: the project's JWT secret, which checks HS256 tokens; without it tokens are
   * checked against the project's published keys (JWKS).
   */
  jwtSecret: string | null
  /** `SUPABASE_SERVICE_ROLE_KEY`: the key of Auth's admin API, to invite and remove staff. */
  serviceRoleKey: string | null
}
