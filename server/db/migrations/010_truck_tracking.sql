-- 在途车辆 (DOMAIN §3.4): GPS/北斗 positions of the organisation's trucks, written only by the
-- position ingest (server/tracking/ingest.ts). Not metamodel entities: a truck reporting every
-- 10 s writes 8,640 rows a day, so rows carry no version, creator or operation log, and the
-- primary key is the (organisation, plate, time) index every path query walks. A resent point
-- (same plate and time) is ignored by the key. Rows are per organisation: a plate registered in
-- two organisations is stored for each, so neither sees positions from before it registered it.
create table if not exists truck_position (
  org_id integer not null,
  truck_license_plate varchar(8) not null,
  gps_time timestamptz not null,
  lng double precision not null,
  lat double precision not null,
  speed real not null default 0,
  direction smallint not null default 0,
  mileage double precision,
  source smallint not null default 1,
  truck_kind smallint not null,
  truck_id integer not null,
  received_at timestamptz not null default now(),
  primary key (org_id, truck_license_plate, gps_time)
);

-- The latest position per truck: one upsert per truck per pushed batch keeps the location list a
-- read of one small table. An older point never replaces a newer one (providers resend late).
create table if not exists truck_location (
  org_id integer not null,
  truck_license_plate varchar(8) not null,
  corp_id integer not null,
  truck_kind smallint not null,
  truck_id integer not null,
  gps_time timestamptz not null,
  lng double precision not null,
  lat double precision not null,
  speed real not null default 0,
  direction smallint not null default 0,
  mileage double precision,
  source smallint not null default 1,
  updated_at timestamptz not null default now(),
  primary key (org_id, truck_license_plate)
);

-- Kilometres per truck per day (China time), added up at ingest from consecutive points: the
-- truck dashboard's 里程 reads this instead of walking millions of points.
create table if not exists truck_mileage_daily (
  org_id integer not null,
  truck_license_plate varchar(8) not null,
  day date not null,
  km double precision not null default 0,
  points integer not null default 0,
  primary key (org_id, truck_license_plate, day)
);
