ALTER TABLE daily_rollups ADD CONSTRAINT daily_rollups_key UNIQUE (day, account_id);
