CREATE TABLE audit_log (
    id bigserial PRIMARY KEY,
    actor text NOT NULL,
    action text NOT NULL
);

CREATE TABLE invoices (
    id bigserial PRIMARY KEY,
    invoice_number text NOT NULL UNIQUE,
    total bigint NOT NULL
);
