-- One-time login captchas (issue 11): past the per-account failure limit a login needs one
-- instead of being refused, so nobody can lock an account out by guessing wrong on purpose.
-- Kept in the database so any server process can check a captcha another one issued.
create table if not exists login_captcha (
  captcha_id char(32) primary key,
  answer varchar(16) not null,
  created_at timestamptz not null default now()
);
create index if not exists login_captcha_created_ix on login_captcha (created_at)
