-- Proofs of work already spent on a lead: each solved challenge buys one lead. A row lives until
-- its challenge expires, after which the signature check refuses the proof anyway, so the
-- scheduled pruning deletes it. The lead's idempotency key is kept so that a retry of the same
-- submission with the same proof is let through to be answered with the stored lead's id.
create table public.demo_request_spent_proofs (
  nonce text primary key check (char_length(nonce) <= 64),
  idempotency_key text,
  expires_at timestamptz not null
);

create index demo_request_spent_proofs_expires_at on public.demo_request_spent_proofs (expires_at);

alter table public.demo_request_spent_proofs enable row level security;

comment on table public.demo_request_spent_proofs is 'Proof-of-work challenges already spent on a demo request, until they expire.';

-- On Supabase new tables come with every privilege for the API roles: only the function's.
revoke all on table public.demo_request_spent_proofs
  from public, anon, authenticated, service_role;
grant select, insert, update, delete on table public.demo_request_spent_proofs to service_role;

create policy "service_role manages spent proofs"
  on public.demo_request_spent_proofs
  for all
  to service_role
  using (true)
  with check (true);
