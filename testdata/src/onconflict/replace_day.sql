BEGIN;
DELETE FROM analytics.fct_orders WHERE day = $1;
INSERT INTO analytics.fct_orders (order_id, customer_id, amount, day)
SELECT order_id, customer_id, amount, day FROM staging.orders WHERE day = $1;
COMMIT;
