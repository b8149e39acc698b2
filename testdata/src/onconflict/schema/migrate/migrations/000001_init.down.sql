-- A down migration is never the schema in force: this key must not count.
CREATE UNIQUE INDEX page_views_path ON page_views (path);
