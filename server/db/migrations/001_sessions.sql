-- Sessions: only the SHA-256 of the token is stored; expiry is idle-based (last_seen_at).
create table if not exists auth_session (
  session_id serial primary key,
  token_hash char(64) not null unique,
  account_id integer not null,
  staff_id integer not null,
  org_id integer not null,
  corp_id integer not null,
  ip varchar(64),
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  revoked_at timestamptz
);
create index if not exists auth_session_account_ix on auth_session (account_id);
create index if not exists auth_session_org_ix on auth_session (org_id);

-- Failed logins, kept in the database so the limit holds across server processes.
create table if not exists login_failure (
  login_failure_id serial primary key,
  username varchar(100) not null,
  ip varchar(64) not null,
  created_at timestamptz not null default now()
);
create index if not exists login_failure_username_ix on login_failure (username, created_at);
create index if not exists login_failure_ip_ix on login_failure (ip, created_at);
