-- A daily matter may wait for its subject in one state (message.subject_entity, wait_field,
-- wait_state): once the record leaves it the matter is handled. The 待请车派车 reminders filed
-- before about a transport demand wait for it submitted (10); those whose demand has moved on
-- (dispatched, terminated, revoked) are handled now.
update message set subject_entity = 'transportDemand', wait_field = 'status', wait_state = '10'
  where event_type = 8 and subject_entity is null and message like '运输需求%待请车派车';
update message set handled = true, handled_at = now(), updated_at = now()
  where handled = false and subject_entity = 'transportDemand' and wait_field = 'status'
    and event_subject_id in (select demand_id from transport_demand where status::text <> message.wait_state);
