-- 银行流水列映射 (issue 19): a mapping saved by an import before its columns were fields of their
-- own kept them only in the json `columns`; copy them into the fields the 财务配置 screen edits,
-- so an existing bank's mapping shows (and saves back) what the import uses.
update bank_statement_mapping set
  col_trade_date = columns->>'tradeDate', col_amount = columns->>'amount', col_income = columns->>'income',
  col_expense = columns->>'expense', col_direction = columns->>'direction', col_counterparty = columns->>'counterparty',
  col_summary = columns->>'summary', col_serial_no = columns->>'serialNo', col_account_no = columns->>'accountNo'
where col_trade_date is null and columns is not null;
