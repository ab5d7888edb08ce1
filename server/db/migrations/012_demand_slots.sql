-- A demand's held slots (docs/decisions.md, "Drafts hold a slot"): schedules not cancelled,
-- drafts included, as the 派车 rule counts them; recounted by the schedule hooks from now on.
update transport_demand d set held_count = (select count(*) from transport_schedule s where s.demand_id = d.demand_id and s.schedule_status <> 5);
update transport_demand set slots_full = held_count >= truck_count, slot_summary = held_count::text || '/' || truck_count::text;
