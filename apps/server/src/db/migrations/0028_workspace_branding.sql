-- White-label (issue 19, point 6; docs/decisions/133-white-label.md): a workspace's own product
-- name, logo and accent colour, in a table of their own so workspaces without branding carry
-- nothing. Kept when a plan stops including white-label, and shown again when it does.

CREATE TABLE workspace_branding (
  workspace_id uuid PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
  product_name text CHECK (length(product_name) BETWEEN 1 AND 40),
  logo_url     text CHECK (length(logo_url) <= 2000),
  accent_color text CHECK (accent_color ~ '^#[0-9a-f]{6}$'),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
