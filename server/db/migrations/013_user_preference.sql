-- A person's own settings of the screens (a list's columns and density), kept by account so they
-- follow the person to another browser, device and organisation of the group.
create table if not exists user_preference (
  account_id integer not null,
  pref_key varchar(200) not null,
  value jsonb not null,
  updated_at timestamptz not null default now(),
  primary key (account_id, pref_key)
);
