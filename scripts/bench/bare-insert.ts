// The backend's baseline statement: the one INSERT of a lead, and nothing else.
export const bareInsert = `insert into public.demo_requests
  (first_name, last_name, company_name, company_size, source, page_url, user_agent, idempotency_key)
  values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`
