-- 库存余额 (issue 18): on-hand per organisation × warehouse × item × 库位, kept by the database
-- from the stock ledger so the stock screen reads one row per position instead of summing every
-- movement ever posted (1,000,000 ledger rows would make it a full scan per page). The ledger
-- stays the truth: rows are only ever inserted there, each insert statement adds its rows to
-- the balance in the same transaction (a statement trigger over the inserted rows, so a
-- 200-line delivery is one upsert, not 200), and the balance can be rebuilt from it at any time.
-- location_code '' stands for "no 库位" so the key can be a primary key.
create table if not exists stock_balance (
  org_id integer not null,
  warehouse_id integer not null,
  item_kind integer not null,
  item_id integer not null,
  location_code varchar(30) not null default '',
  qty bigint not null default 0,
  weight numeric(16, 3) not null default 0,
  last_at timestamptz,
  primary key (org_id, warehouse_id, item_kind, item_id, location_code)
);
create or replace function stock_balance_ins() returns trigger language plpgsql as $$ begin insert into stock_balance as b (org_id, warehouse_id, item_kind, item_id, location_code, qty, weight, last_at) select n.org_id, n.warehouse_id, n.item_kind, case when n.item_kind = 2 then n.material_id else n.part_item_id end, coalesce(n.location_code, ''), sum(n.qty_change), coalesce(sum(n.weight_change), 0), max(n.occurred_at) from new_rows n group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5 on conflict (org_id, warehouse_id, item_kind, item_id, location_code) do update set qty = b.qty + excluded.qty, weight = b.weight + excluded.weight, last_at = greatest(b.last_at, excluded.last_at); return null; end $$;
create or replace function stock_balance_del() returns trigger language plpgsql as $$ begin update stock_balance b set qty = b.qty - d.qty, weight = b.weight - d.weight from (select o.org_id, o.warehouse_id, o.item_kind, case when o.item_kind = 2 then o.material_id else o.part_item_id end as item_id, coalesce(o.location_code, '') as location_code, sum(o.qty_change) as qty, coalesce(sum(o.weight_change), 0) as weight from old_rows o group by 1, 2, 3, 4, 5) d where b.org_id = d.org_id and b.warehouse_id = d.warehouse_id and b.item_kind = d.item_kind and b.item_id = d.item_id and b.location_code = d.location_code; return null; end $$;
drop trigger if exists stock_ledger_balance_ins on stock_ledger;
create trigger stock_ledger_balance_ins after insert on stock_ledger referencing new table as new_rows for each statement execute function stock_balance_ins();
drop trigger if exists stock_ledger_balance_del on stock_ledger;
create trigger stock_ledger_balance_del after delete on stock_ledger referencing old table as old_rows for each statement execute function stock_balance_del();
-- The ledger is never edited; a truncate (test resets) empties the balance with it.
create or replace function stock_balance_truncate() returns trigger language plpgsql as $$ begin truncate stock_balance; return null; end $$;
drop trigger if exists stock_ledger_balance_truncate on stock_ledger;
create trigger stock_ledger_balance_truncate after truncate on stock_ledger for each statement execute function stock_balance_truncate();
delete from stock_balance;
insert into stock_balance (org_id, warehouse_id, item_kind, item_id, location_code, qty, weight, last_at) select org_id, warehouse_id, item_kind, case when item_kind = 2 then material_id else part_item_id end, coalesce(location_code, ''), sum(qty_change), coalesce(sum(weight_change), 0), max(occurred_at) from stock_ledger group by 1, 2, 3, 4, 5;
-- The stock screen's below-safety-stock and non-zero filters read positions of one organisation.
create index if not exists stock_balance_org_kind on stock_balance (org_id, item_kind, warehouse_id)
