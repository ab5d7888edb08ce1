-- eventType gives every code one kind of subject (docs/decisions.md, "Where a message leads"):
-- 8 is a transport demand; a rejected receipt becomes 9 回单 and a 调度审批 step 14, both about
-- the schedule; 对客报价 and 大件成本结算 approvals, which had no code, get 15 and 16; a disputed
-- subcontractor income is 18 (11 stays the individual driver's). Messages
-- stored before keep leading to the right record.
update notice set event_type = 9 where event_type = 8 and message like '%回单被驳回%';
update message set event_type = 9 where event_type = 8 and message like '%回单被驳回%';
update notice set event_type = 14 where event_type = 8 and (approval_id in (select approval_id from approval where biz_type = 17) or (message like '%调度%' and message not like '运输需求%'));
update message set event_type = 14 where event_type = 8 and (approval_id in (select approval_id from approval where biz_type = 17) or (message like '%调度%' and message not like '运输需求%'));
update notice set event_type = 15 where event_type is null and (approval_id in (select approval_id from approval where biz_type = 18) or message like '%对客报价%');
update message set event_type = 15 where event_type is null and (approval_id in (select approval_id from approval where biz_type = 18) or message like '%对客报价%');
update notice set event_type = 16 where event_type is null and (approval_id in (select approval_id from approval where biz_type = 15) or message like '%大件成本结算%');
update message set event_type = 16 where event_type is null and (approval_id in (select approval_id from approval where biz_type = 15) or message like '%大件成本结算%');
update notice set event_type = 18 where event_type = 11 and event_subject_id in (select income_id from driver_income where income_kind = 2);
update message set event_type = 18 where event_type = 11 and event_subject_id in (select income_id from driver_income where income_kind = 2);
