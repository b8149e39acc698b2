CREATE TABLE shipments (
    id bigserial PRIMARY KEY,
    order_id text NOT NULL,
    carrier text NOT NULL
);

CREATE TABLE invoices (
    invoice_no text PRIMARY KEY,
    cents bigint NOT NULL
);

CREATE TABLE tracking_events (
    shipment_id bigint NOT NULL,
    seen_at timestamptz NOT NULL,
    status text NOT NULL,
    UNIQUE (shipment_id, seen_at)
);
