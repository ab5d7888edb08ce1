-- 司机链接 (docs/decisions.md "The driver's page"): one row per link of a dispatched schedule.
-- Only the token's SHA-256 is stored; the token itself is derived from the server's secret and
-- the row's nonce (server/dispatch/driver-link.ts), so a copy of the database opens no link.
-- Not a metamodel entity: it is written by the link's own calls, never by a form.
create table if not exists driver_link (
  link_id serial primary key,
  org_id integer not null,
  corp_id integer not null,
  schedule_id integer not null,
  token_hash varchar(64) not null unique,
  nonce varchar(32) not null,
  truck_license_plate varchar(8),
  created_at timestamptz not null default now(),
  created_by integer,
  -- why it stopped working: revoke 撤销, settle 结算, cancel 取消, reassign 改派
  ended_at timestamptz,
  end_reason varchar(20),
  ended_by integer,
  first_opened_at timestamptz,
  last_opened_at timestamptz,
  open_count integer not null default 0
);
create index if not exists driver_link_schedule on driver_link (org_id, schedule_id);

-- Positions a phone sent, by its own id per point: a batch replayed after a lost answer (the
-- phone was offline, the answer never came) is stored once.
create table if not exists driver_link_point (
  link_id integer not null,
  client_id varchar(64) not null,
  received_at timestamptz not null default now(),
  primary key (link_id, client_id)
);
