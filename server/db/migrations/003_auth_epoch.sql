-- Authorisation epoch per organisation. A server process may reuse a verified session from
-- memory only while its organisation's epoch is unchanged; every change that can narrow what a
-- session may do bumps it in the same transaction, by trigger, whichever code path makes the
-- change. So a removed permission, a disabled staff member or a reset password is refused on
-- the very next request, in every server process sharing the database.
-- (Function bodies stay on one line: the migration runner splits statements at line-ending semicolons.)
create table if not exists auth_epoch (
  org_id integer primary key,
  epoch bigint not null default 0
);
create or replace function auth_epoch_bump(p_org integer) returns void language plpgsql as $$ begin if p_org is not null then insert into auth_epoch (org_id, epoch) values (p_org, 1) on conflict (org_id) do update set epoch = auth_epoch.epoch + 1; end if; end $$;
create or replace function auth_epoch_row_org() returns trigger language plpgsql as $$ begin if tg_op = 'DELETE' then perform auth_epoch_bump(old.org_id); else perform auth_epoch_bump(new.org_id); if tg_op = 'UPDATE' and old.org_id is distinct from new.org_id then perform auth_epoch_bump(old.org_id); end if; end if; return null; end $$;
create or replace function auth_epoch_account() returns trigger language plpgsql as $$ begin perform auth_epoch_bump(s.org_id) from (select distinct org_id from staff where account_id = new.account_id) s; return null; end $$;

-- role assignments
drop trigger if exists staff_role_auth_epoch on staff_role;
create trigger staff_role_auth_epoch after insert or update or delete on staff_role for each row execute function auth_epoch_row_org();
-- a role's permissions
drop trigger if exists role_auth_epoch_upd on role;
create trigger role_auth_epoch_upd after update on role for each row when (old.permissions is distinct from new.permissions or old.org_id is distinct from new.org_id) execute function auth_epoch_row_org();
drop trigger if exists role_auth_epoch_del on role;
create trigger role_auth_epoch_del after delete on role for each row execute function auth_epoch_row_org();
-- a staff member disabled, resigned, moved (the session carries the department) or removed
drop trigger if exists staff_auth_epoch_upd on staff;
create trigger staff_auth_epoch_upd after update on staff for each row when (old.disabled is distinct from new.disabled or old.resigned is distinct from new.resigned or old.dep_id is distinct from new.dep_id or old.org_id is distinct from new.org_id or old.account_id is distinct from new.account_id) execute function auth_epoch_row_org();
drop trigger if exists staff_auth_epoch_del on staff;
create trigger staff_auth_epoch_del after delete on staff for each row execute function auth_epoch_row_org();
-- an account disabled or its password reset: every organisation the person belongs to
drop trigger if exists account_auth_epoch on account;
create trigger account_auth_epoch after update on account for each row when (old.disabled is distinct from new.disabled or old.password_hash is distinct from new.password_hash) execute function auth_epoch_account();
-- an organisation disabled
drop trigger if exists organization_auth_epoch on organization;
create trigger organization_auth_epoch after update on organization for each row when (old.disabled is distinct from new.disabled) execute function auth_epoch_row_org();
-- a session ended (logout, switch, revocation)
drop trigger if exists auth_session_auth_epoch on auth_session;
create trigger auth_session_auth_epoch after update on auth_session for each row when (old.revoked_at is null and new.revoked_at is not null) execute function auth_epoch_row_org();
