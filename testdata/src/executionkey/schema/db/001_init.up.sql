CREATE TABLE imports (
    import_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    source text NOT NULL,
    loaded_on date NOT NULL DEFAULT current_date,
    UNIQUE (source, loaded_on)
);
