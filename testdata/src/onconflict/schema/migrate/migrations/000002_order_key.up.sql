CREATE UNIQUE INDEX deliveries_order ON deliveries (order_id);
