-- Load one day of orders.
INSERT INTO analytics.fct_orders (order_id, customer_id, amount)
SELECT order_id, customer_id, amount FROM staging.orders WHERE day = $1;
