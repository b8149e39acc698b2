DROP INDEX deliveries_order;
